"""LXF012: `fabric.setup(model, optimizer, ...)` with at least one optimizer under XLAFSDP.

`Fabric.setup` hands a model with optimizers to `strategy.setup_module_and_optimizers`, which
`XLAFSDPStrategy` overrides to raise NotImplementedError unconditionally (xla_fsdp.py l.203): XLA FSDP
replaces the module's parameters with flattened shards when it wraps it, so an optimizer made earlier
points at parameters that no longer train. The order must be `setup_module`, then create the
optimizer from the set-up model, then `setup_optimizers`. `fabric.setup(model)` alone is fine, and so
is `fabric.setup(model, *optimizers)` unless the list is never empty. Objects spread with `*` are counted
when the file knows them all: `fabric.setup(*components())` of a generator that yields the model, then
`yield from`s its optimizers, is a joint setup (no fix: the objects are not written at the call).

The fix splits `m, o = fabric.setup(net, opt)` into `m = fabric.setup_module(net)` and
`o = fabric.setup_optimizers(opt)`. When the file shows that `opt` was built from the raw model's
parameters, the split alone would only move the error to `setup_optimizers` (LXF013), so the fix
also moves the optimizer's creation after `setup_module`, built from the set-up model: that changes
which parameters the optimizer holds (and their names, for name-based parameter groups), so it is
unsafe. Where it cannot be moved cleanly, no fix is offered.

A function of another module of the project that calls `fabric.setup(model, optimizer)` on the parameter
the Fabric comes in (`def build(fabric, cfg)` in `model.py`) is read at each call here with an XLAFSDP
Fabric: the finding is on the call here and is reported in that module, on its `setup` (no fix: the split
would edit the other file, shown only as the place to change).

A helper that forwards its own `*objs` (`def setup_all(fabric, *objs): return fabric.setup(*objs)`, in this
module or another) is right for a model alone: what it sets up is what each call gives, so the items are
counted at each call (`setup_all(fabric, model, optimizer)`: two, joint) and the finding is on that call.

This module also holds small helpers the other XLAFSDP set-up rules share.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
from collections.abc import Iterator

from ....context import Binding, Context, place_in
from ....findings import Edit, Finding, Fix, Safety, Severity
from ....flow import argument_for, vararg_items
from ....rule import Invalid, Rule, Valid, fix, replace
from ....statements import (
    built_by_helper,
    line_span,
    movable,
    newline,
    optimizer_params,
    parameter_roots,
    renamed_text,
    same_value,
    starts_line,
    whole_lines,
)
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..facts import fabric_methods_on_parameters, may_run_for

SETUP_KEYWORDS = ("move_to_device", "_reapply_compile")  # what `setup_module` accepts too


class JointSetup(Rule):
    code = "LXF012"
    record = "f539f4d83a9e55a0"
    name = "joint-setup"
    summary = "XLAFSDP cannot set up a model and its optimizers in one `fabric.setup` call"
    severity = Severity.ERROR
    triggers = ("setup",)
    # built from the set-up model, an optimizer whose groups are chosen by `p.dim()` is silently wrong
    reveals = ("LXF030",)
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]\n"
            "    model, *optimizers = fabric.setup(model, *optimizers)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="does not support the joint setup of module and optimizer(s)",
            count=1, at="6:26-6:38", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, optimizers):\n"
              "    model, *optimizers = fabric.setup(Net(), *optimizers)\n"
              "    model = fabric.setup(Net(), *[])\n"
              "Fabric(strategy='xla_fsdp').launch(train, [])\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def make_optimizer(module, lr):\n"
            "    return torch.optim.AdamW(module.parameters(), lr=lr)\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    optimizer = make_optimizer(model, 1e-3)\n"
            "    model, optimizer = fabric.setup(model, optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def make_optimizer(module, lr):\n"
            "    return torch.optim.AdamW(module.parameters(), lr=lr)\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    model = fabric.setup_module(model)\n"
            "    optimizer = make_optimizer(model, 1e-3)\n"
            "    optimizer = fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="8:24-8:36", severity="error",
        ),
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

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("setup"):
            func = ctx.enclosing_function(call)
            if func is not None and _forwards_varargs(func, call):  # `def setup_all(fabric, *objs)`: per call
                yield from self._forwarded_here(ctx, func, call)
                continue
            if not _joint(ctx, call):
                continue
            if fabric_kind(ctx, fabric) != XLA_FSDP:
                continue
            message = (
                "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): "
                f"`{ctx.doc.source(fabric)}.setup` raises NotImplementedError here. Call `setup_module`, "
                "create the optimizer from the set-up model's parameters, then call `setup_optimizers`"
            )
            fixes = [f for f in (self._split(ctx, call, fabric),) if f is not None]
            yield self.finding(ctx, call.func, message, fixes)
        yield from self._in_helpers_elsewhere(ctx)

    def _in_helpers_elsewhere(self, ctx: Context) -> Iterator[Finding]:
        """`build(fabric, cfg)` where `build`, a function of another module, calls `fabric.setup(model,
        optimizer)` on the parameter the XLAFSDP Fabric passed here lands in: reported there, where the
        fix belongs, for this call."""
        for call in ctx.calls_into_project:  # (the only calls `called_elsewhere` may answer)
            if not call.args and not call.keywords or not isinstance(call.func, (ast.Name, ast.Attribute)):
                continue
            elsewhere = ctx.called_elsewhere(call)
            if elsewhere is None:
                continue
            func, module = elsewhere
            for param, setup in module.ctx.once("setup on parameters", func,
                                                functools.partial(fabric_methods_on_parameters, func, "setup")):
                forwarded = _forwards_varargs(func, setup)
                if not forwarded and (len(setup.args) < 2 or any(isinstance(a, ast.Starred) for a in setup.args)):
                    continue
                count = _items_given(func, setup, call, False) if forwarded else len(setup.args)
                if count is None or count < 2:
                    continue  # `setup_all(fabric, model)`: the model alone
                fabric = argument_for(func, param, call, False)
                if not isinstance(fabric, ast.expr) or fabric_kind(ctx, fabric) != XLA_FSDP \
                        or not may_run_for(ctx, module, func, call, setup, "setup"):
                    continue  # (`if mode == "joint":` given "separate": the joint setup never runs for this call)
                if forwarded:  # the helper is right for a model alone: the objects given here are the cause
                    where = f"{module.origin_name}, line {setup.lineno}"
                    yield self.finding(ctx, call.func, _forwarded_message(ctx, call, param, setup, count, where))
                    continue
                place = place_in(module, setup.func)
                if place is None:
                    continue
                message = (
                    "The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): "
                    f"`{param.arg}.setup` in `{func.name}` ({module.origin_name}, line {setup.lineno}) raises "
                    "NotImplementedError with the XLAFSDP Fabric it is given. Call "
                    "`setup_module`, create the optimizer from the set-up model's parameters, then call `setup_optimizers`"
                )
                yield dataclasses.replace(self.finding(ctx, call.func, message), elsewhere=place)

    def _forwarded_here(self, ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef,
                        setup: ast.Call) -> Iterator[Finding]:
        """`fabric.setup(*objs)` in `def setup_all(fabric, *objs)` of this module: each call of `setup_all`
        that gives it a model and an optimizer with an XLAFSDP Fabric, reported on that call."""
        params = [param for param, call in fabric_methods_on_parameters(func, "setup") if call is setup]
        if not params:
            return
        for site, bound_self, _when in ctx.flow.call_sites(func):
            if type(site) is not ast.Call:
                continue  # a call made by a library (`fabric.launch(setup_all)`) or through a partial
            count = _items_given(func, setup, site, bound_self)
            if count is None or count < 2:
                continue
            fabric = argument_for(func, params[0], site, bound_self)
            if isinstance(fabric, ast.expr) and fabric_kind(ctx, fabric) == XLA_FSDP:
                where = f"line {setup.lineno}"
                yield self.finding(ctx, site.func, _forwarded_message(ctx, site, params[0], setup, count, where))

    def _split(self, ctx: Context, call: ast.Call, fabric: ast.expr) -> Fix | None:
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
        holder = target.elts[0].id  # type: ignore[attr-defined]  # every element is a name (above)
        receiver = ctx.doc.source(fabric)
        keywords = "".join(", " + ctx.doc.source(kw) for kw in call.keywords)
        indent = ctx.doc.line_indent(stmt.lineno - 1)

        moved: list[tuple[ast.AST, list[ast.Name]]] = []  # what changes: statements moved, inline optimizers
        texts: list[str] = []
        for opt in optimizers:
            built = raw_optimizer(ctx, opt, module) if isinstance(opt, ast.Name) else None
            if built is not None:
                binding, roots = built
                if not movable(ctx, binding.stmt, stmt, opt.id):  # type: ignore[arg-type, attr-defined]
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


def _forwards_varargs(func: ast.FunctionDef | ast.AsyncFunctionDef, setup: ast.Call) -> bool:
    """`fabric.setup(*objs)` (or `setup(model, *objs)`) on the function's own `*objs`, never bound again:
    what it sets up is what each call of the function gives."""
    star = func.args.vararg
    if star is None or not any(isinstance(a, ast.Starred) and isinstance(a.value, ast.Name) and a.value.id == star.arg
                               for a in setup.args):
        return False
    return not any(isinstance(n, ast.Name) and n.id == star.arg and isinstance(n.ctx, ast.Store) for n in ast.walk(func))


def _items_given(func: ast.FunctionDef | ast.AsyncFunctionDef, setup: ast.Call, call: ast.Call,
                 bound_self: bool) -> int | None:
    """How many objects `setup`, forwarding the function's `*objs`, receives at this call of the function;
    None when it cannot tell (a `*xs` the call passes, another starred argument)."""
    star = func.args.vararg.arg  # type: ignore[union-attr]  # asked by _forwards_varargs
    count = 0
    for arg in setup.args:
        if not isinstance(arg, ast.Starred):
            count += 1
            continue
        items = vararg_items(func, call, bound_self) if isinstance(arg.value, ast.Name) and arg.value.id == star else None
        if items is None:
            return None
        count += len(items)
    return count


def _forwarded_message(ctx: Context, call: ast.Call, param: ast.arg, setup: ast.Call, count: int, where: str) -> str:
    return ("The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s): "
            f"`{ctx.doc.source(call.func)}` passes the {count} objects given here to `{ast.unparse(setup)}` ({where}), "
            f"which raises NotImplementedError with the XLAFSDP Fabric `{param.arg}` is given. Pass the model alone, "
            "create the optimizer from the set-up model's parameters, then call `setup_optimizers`")


def _joint(ctx: Context, call: ast.Call) -> bool:
    """`fabric.setup(...)` is given a model and at least one optimizer: two objects or more, counting the
    items of a `*objs` the file knows (`fabric.setup(*components())` of a generator that yields the model,
    then its optimizer); an unknown `*optimizers` after the model counts when it is never empty."""
    sizes = []
    for arg in call.args:
        items = ctx.flow.spread_items(arg.value) if isinstance(arg, ast.Starred) else [()]
        sizes.append(None if items is None else len(items))
    if None not in sizes:
        return sum(s for s in sizes if s is not None) >= 2
    return len(call.args) >= 2 and not isinstance(call.args[0], ast.Starred) \
        and all(not isinstance(a, ast.Starred) or _never_empty(ctx, a) for a in call.args)


def _never_empty(ctx: Context, starred: ast.Starred) -> bool:
    """`*optimizers` where the list holds at least one item on every path (a display the file shows)."""
    values = ctx.values(starred.value)
    return bool(values) and all(v.kind in ("list", "tuple") and v.truthy for v in values)


def raw_optimizer(ctx: Context, opt: ast.Name, module: ast.AST) -> tuple[Binding, list[ast.Name]] | None:
    """The binding `opt = Optim(<module>.parameters(), ...)` (or `opt = helper(<module>, ...)`, a local
    function that returns an optimizer) reaching `opt`, where `<module>` is the same object as `module`
    (a name), with the names of the module inside it."""
    binding = ctx.reaching(opt)
    if binding is None or not isinstance(binding.value, ast.Call) or not isinstance(module, ast.Name):
        return None
    call = binding.value
    if built_by_helper(ctx, call):  # a local helper that builds it from the module it is given
        roots = [a for a in (*call.args, *(k.value for k in call.keywords))
                 if isinstance(a, ast.Name) and a.id == module.id and same_value(ctx, a, module)]
        return (binding, roots) if roots else None
    params = optimizer_params(binding.value)
    if params is None:
        return None
    roots = [r for r in parameter_roots(ctx, params) if r.id == module.id]
    if not roots or not all(same_value(ctx, r, module) for r in roots):
        return None
    return binding, roots


RULE = JointSetup()
