"""LXF012: `fabric.setup(model, optimizer, ...)` with at least one optimizer under XLAFSDP.

`Fabric.setup` hands a model with optimizers to `strategy.setup_module_and_optimizers`, which
`XLAFSDPStrategy` overrides to raise NotImplementedError unconditionally (xla_fsdp.py l.203): XLA FSDP
replaces the module's parameters with flattened shards when it wraps it, so an optimizer made earlier
points at parameters that no longer train. The order must be `setup_module`, then create the
optimizer from the set-up model, then `setup_optimizers`. `fabric.setup(model)` alone is fine.

The fix splits `m, o = fabric.setup(net, opt)` into `m = fabric.setup_module(net)` and
`o = fabric.setup_optimizers(opt)`. When the file shows that `opt` was built from the raw model's
parameters, the split alone would only move the error to `setup_optimizers` (LXF013), so the fix
also moves the optimizer's creation after `setup_module`, built from the set-up model: that changes
which parameters the optimizer holds (and their names, for name-based parameter groups), so it is
unsafe. Where it cannot be moved cleanly, no fix is offered.

This module also holds small helpers the other XLAFSDP set-up rules share.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Binding, Context
from ..document import LINE_BREAK
from ..findings import Edit, Position, Safety, Severity, Span
from ..rule import Invalid, Rule, Valid, fix, replace

SETUP_KEYWORDS = ("move_to_device", "_reapply_compile")  # what `setup_module` accepts too
PARAMETER_METHODS = ("parameters", "named_parameters")


class JointSetup(Rule):
    code = "LXF012"
    record = "f539f4d83a9e55a0"
    name = "joint-setup"
    summary = "XLAFSDP cannot set up a model and its optimizers in one `fabric.setup` call"
    severity = Severity.ERROR
    triggers = ("setup",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    model, optimizer = fabric.setup(model, optimizer)  # joint\n"
            "    return model\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)  # joint\n"
            "    return model\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n",
            message="does not support the joint setup of module and optimizer(s)",
            count=1, at="3:24-3:36", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, net, opt1, opt2):\n"
            "    m, o1, o2 = fabric.setup(net, opt1, opt2, move_to_device=False)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, net, opt1, opt2):\n"
            "    m = fabric.setup_module(net, move_to_device=False)\n"
            "    o1, o2 = fabric.setup_optimizers(opt1, opt2)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="3:17-3:29", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)  # from the config\n"
            "    model, optimizer = fabric.setup(model, optimizer)\n"
            "    model.train()\n"
            "Fabric(strategy='xla_fsdp', accelerator='tpu').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)  # from the config\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "    model.train()\n"
            "Fabric(strategy='xla_fsdp', accelerator='tpu').launch(train)\n",
            count=1, at="6:24-6:36", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    opt = torch.optim.SGD(params=net.parameters(), lr=0.1)\n"
            "    model, optimizer = fabric.setup(net, opt)\n"
            "Fabric(strategy='fsdp', accelerator='tpu').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    net = Net()\n"
            "    model = fabric.setup_module(net)\n"
            "    opt = torch.optim.SGD(params=model.parameters(), lr=0.1)\n"
            "    optimizer = fabric.setup_optimizers(opt)\n"
            "Fabric(strategy='fsdp', accelerator='tpu').launch(train)\n",
            count=1, at="6:24-6:36", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = torch.optim.Adam(model.parameters())\n"
            "    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)\n"
            "    model, optimizer = fabric.setup(model, optimizer)\n"
            "Fabric(strategy=XLAFSDPStrategy()).launch(train)\n",
            message="create the optimizer",
            count=1, at="8:24-8:36", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup(Net())\n"
              "    model = fabric.setup_module(model)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters()))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='ddp', devices=8)\n"
              "fabric.launch()\n"
              "model, optimizer = fabric.setup(model, optimizer)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, model, optimizers):\n"
              "    return fabric.setup(model, *optimizers)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context):
        for call, fabric in ctx.method_calls("setup"):
            optimizers = call.args[1:]
            if not optimizers or any(isinstance(a, ast.Starred) for a in call.args):
                continue
            if ctx.fabric_kind(fabric) != XLA_FSDP:
                continue
            message = (
                "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): "
                f"`{ctx.doc.source(fabric)}.setup` raises NotImplementedError here. Call `setup_module`, "
                "create the optimizer from the set-up model's parameters, then call `setup_optimizers`"
            )
            fixes = [f for f in (self._split(ctx, call, fabric),) if f is not None]
            yield self.finding(ctx, call.func, message, fixes)

    def _split(self, ctx: Context, call: ast.Call, fabric: ast.expr):
        stmt = ctx.statement_of(call)
        if not (isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1):
            return None
        target = stmt.targets[0]
        if not isinstance(target, (ast.Tuple, ast.List)) or len(target.elts) != len(call.args):
            return None
        if not all(isinstance(e, ast.Name) for e in target.elts) or not starts_line(ctx, stmt):
            return None
        if any(kw.arg not in SETUP_KEYWORDS for kw in call.keywords):
            return None  # `scheduler=` adds an item to the result; `**kw` cannot be read
        module, optimizers = call.args[0], call.args[1:]
        holder = target.elts[0].id
        receiver = ctx.doc.source(fabric)
        keywords = "".join(", " + ctx.doc.source(kw) for kw in call.keywords)
        indent = ctx.doc.line_indent(stmt.lineno - 1)

        moved: list[tuple[ast.AST, list[ast.Name]]] = []  # what changes: statements moved, inline optimizers
        texts: list[str] = []
        for opt in optimizers:
            built = raw_optimizer(ctx, opt, module) if isinstance(opt, ast.Name) else None
            if built is not None:
                binding, roots = built
                if not movable(ctx, binding.stmt, stmt, opt.id):
                    return None  # the split alone would only move the error to `setup_optimizers`
                moved.append((binding.stmt, roots))
                texts.append(ctx.doc.source(opt))
            elif isinstance(opt, ast.Name):
                texts.append(opt.id)
            else:  # an optimizer built inline: after the split it is built after `setup_module`
                roots = [n for n in ast.walk(opt) if isinstance(n, ast.Name) and same_value(ctx, n, module)]
                if roots:
                    moved.append((opt, roots))
                texts.append(renamed_text(ctx, ctx.doc.span(opt), roots, holder))
        new = f"{holder} = {receiver}.setup_module({ctx.doc.source(module)}{keywords})"
        edits: list[Edit] = []
        for node, roots in moved:
            if isinstance(node, ast.stmt):
                new += "\n" + renamed_text(ctx, whole_lines(ctx, node), roots, holder)
                edits.append(Edit(line_span(ctx, node), ""))
        names = ", ".join(e.id for e in target.elts[1:])  # type: ignore[attr-defined]
        new += f"\n{indent}{names} = {receiver}.setup_optimizers({', '.join(texts)})"
        edits.append(replace(ctx, stmt, new.replace("\n", newline(ctx))))
        if moved:
            return fix("Set up the model first, then create the optimizer from the set-up model and set it up "
                       "(moves the optimizer's creation)", *edits, safety=Safety.UNSAFE, preferred=True)
        return fix("Split into `setup_module` and `setup_optimizers`", *edits, preferred=True)


# --- helpers shared by the set-up, launch and checkpoint rules --------------------------------------
def is_fabric_method(ctx: Context, node: ast.AST, methods: tuple[str, ...]) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in methods
        and ctx.fabric_kind(node.func.value) is not None
    )


def same_value(ctx: Context, a: ast.AST, b: ast.AST) -> bool:
    """Two uses of one name that see the same binding."""
    if not (isinstance(a, ast.Name) and isinstance(b, ast.Name)) or a.id != b.id:
        return False
    ra, rb = ctx.reaching(a), ctx.reaching(b)
    return ra is not None and rb is not None and ra.target is rb.target


def parameter_roots(ctx: Context, params: ast.AST) -> list[ast.Name]:
    """Names `x` in `x.parameters()` / `x.sub.named_parameters()` calls inside an expression."""
    roots = []
    for node in ast.walk(params):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in PARAMETER_METHODS):
            base = node.func.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name):
                roots.append(base)
    return roots


def optimizer_params(call: ast.Call) -> ast.AST | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "params"), None)


def raw_optimizer(ctx: Context, opt: ast.Name, module: ast.AST) -> tuple[Binding, list[ast.Name]] | None:
    """The binding `opt = Optim(<module>.parameters(), ...)` reaching `opt`, where `<module>` is the
    same object as `module` (a name), with the names of the module inside it."""
    binding = ctx.reaching(opt)
    if binding is None or not isinstance(binding.value, ast.Call) or not isinstance(module, ast.Name):
        return None
    params = optimizer_params(binding.value)
    if params is None:
        return None
    roots = [r for r in parameter_roots(ctx, params) if r.id == module.id]
    if not roots or not all(same_value(ctx, r, module) for r in roots):
        return None
    return binding, roots


def _bound_name(stmt: ast.stmt) -> ast.Name | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0]
    return None


def newline(ctx: Context) -> str:
    """The document's own line break, for text a fix inserts."""
    match = LINE_BREAK.search(ctx.doc.text)
    return match.group() if match else "\n"


def block_of(ctx: Context, stmt: ast.stmt) -> list[ast.stmt] | None:
    parent = ctx.parents.get(stmt)
    for field in ("body", "orelse", "finalbody"):
        body = getattr(parent, field, None)
        if isinstance(body, list) and any(s is stmt for s in body):
            return body
    return None


def starts_line(ctx: Context, stmt: ast.stmt) -> bool:
    """Nothing but indentation before the statement, nothing but a comment after it."""
    span = ctx.doc.span(stmt)
    before = ctx.doc.lines[span.start.line][: span.start.column]
    after = ctx.doc.lines[span.end.line][span.end.column:].strip()
    return before.strip() == "" and (after == "" or after.startswith("#"))


def whole_lines(ctx: Context, stmt: ast.stmt) -> Span:
    span = ctx.doc.span(stmt)
    return Span(Position(span.start.line, 0), Position(span.end.line, len(ctx.doc.lines[span.end.line])))


def line_span(ctx: Context, stmt: ast.stmt) -> Span:
    """The statement's lines with the line break that ends them: deleting it leaves no blank line."""
    span = ctx.doc.span(stmt)
    return Span(Position(span.start.line, 0), Position(span.end.line + 1, 0))


def renamed_text(ctx: Context, span: Span, names: list[ast.Name], new: str) -> str:
    """The text in `span` with each of `names` (inside it) spelled `new`."""
    out, cursor = [], span.start
    for name in sorted(names, key=lambda n: (n.lineno, n.col_offset)):
        where = ctx.doc.span(name)
        out.append(ctx.doc.slice(Span(cursor, where.start)))
        out.append(new)
        cursor = where.end
    out.append(ctx.doc.slice(Span(cursor, span.end)))
    return "".join(out)


def movable(ctx: Context, stmt: ast.stmt, anchor: ast.stmt, name: str) -> bool:
    """Can `stmt` (binding `name`) be moved to just after `anchor`, later in the same block?

    It must be `name = ...` alone on its lines, and nothing between it and the anchor may read `name`.
    """
    block = block_of(ctx, stmt)
    if block is None or block_of(ctx, anchor) is not block or _bound_name(stmt) is None:
        return False
    if not (starts_line(ctx, stmt) and starts_line(ctx, anchor)) or stmt.end_lineno >= anchor.lineno:  # type: ignore[operator]
        return False
    i, j = next(k for k, s in enumerate(block) if s is stmt), next(k for k, s in enumerate(block) if s is anchor)
    read = {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}  # type: ignore[attr-defined]
    for between in block[i + 1:j]:
        for node in ast.walk(between):
            if isinstance(node, ast.Name) and (node.id == name or node.id in read and not isinstance(node.ctx, ast.Load)):
                return False  # the optimizer is used before the set-up, or what it reads changes
    return True


RULE = JointSetup()
