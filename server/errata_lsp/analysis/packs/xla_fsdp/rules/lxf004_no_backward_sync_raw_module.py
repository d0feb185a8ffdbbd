"""LXF004: `fabric.no_backward_sync(m)` where `m` is not what `fabric.setup(...)` returned.

Fabric checks `isinstance(module, _FabricModule)` before it looks at `enabled`, so the call raises
even with `enabled=False`. Typical causes: the result of `fabric.setup(model)` thrown away, or the
raw `model` used after `wrapped = fabric.setup(model)`. Beyond a local name, the module is followed
through the value-flow layer (`self.model` set in another method, a helper's parameter): a raw
module on every path is an error, on some paths a warning naming the path. A function of another
module of the project that calls `fabric.no_backward_sync(model)` on two of its parameters
(`accumulate(fabric, net, batches)` from `utils/dist.py`) is read at each call here: the raw module passed
is flagged where it is passed, which is where the fix belongs; a set-up module passed in and unwrapped there
(`fabric.no_backward_sync(model.module)`) is flagged where it is unwrapped.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator

from ....binder import all_args
from ....context import Context
from ....findings import Finding, Safety, Severity
from ....flow import Flow, argument_for
from ....rule import Invalid, Rule, Valid, fix, replace
from ....values import EveryTurn, Value, describe_when, every_turn
from ...lightning.fabric import fabric_kind
from ...lightning.values import UNWRAPPING
from ..facts import may_run_for

SETUP_METHODS = ("setup", "setup_module")
SYNC_DEPTH = 3  # helpers that pass the model on to another before it is synced on


class NoBackwardSyncRawModule(Rule):
    code = "LXF004"
    record = "6f9f1e5b0185bce4"
    name = "no-backward-sync-raw-module"
    summary = "`fabric.no_backward_sync` needs the module returned by `fabric.setup`"
    severity = Severity.ERROR
    triggers = ("no_backward_sync",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "model = Net()\n"
            "wrapped = fabric.setup(model)\n"
            "with fabric.no_backward_sync(model, enabled=False):\n"
            "    pass\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "model = Net()\n"
            "wrapped = fabric.setup(model)\n"
            "with fabric.no_backward_sync(wrapped, enabled=False):\n"
            "    pass\n",
            message="`model` is not set up",
            count=1, at="5:30-5:35", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    fabric.setup_module(model)\n"
            "    with fabric.no_backward_sync(model):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    model = fabric.setup_module(model)\n"
            "    with fabric.no_backward_sync(model):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="result of `fabric.setup_module(model)` is thrown away",
            count=1, at="5:34-5:39", severity="error",
        ),
        Invalid(
            "import torch.nn as nn\n"
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "model = nn.Linear(2, 2)\n"
            "with fabric.no_backward_sync(model):\n"
            "    pass\n",
            count=1, at="5:30-5:35", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "model = fabric.setup(Net())\n"
              "with fabric.no_backward_sync(model, enabled=True):\n    pass\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "model, optimizer = fabric.setup(Net(), opt)\n"
              "with fabric.no_backward_sync(model):\n    pass\n"),
        Invalid(
            "import torch.nn as nn\n"
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self):\n"
            "        self.fabric = Fabric(strategy='xla_fsdp')\n"
            "        self.model = nn.Linear(2, 2)\n"
            "    def step(self, batch):\n"
            "        with self.fabric.no_backward_sync(self.model):\n"
            "            pass\n",
            message="`self.model` is not set up: it holds the raw module `nn.Linear(2, 2)` (line 6)",
            count=1, at="8:43-8:53", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def step(fabric, model):\n"
            "    with fabric.no_backward_sync(model):\n        pass\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    if fabric.is_global_zero:\n"
            "        model = fabric.setup(model)\n"
            "    step(fabric, model)\n"
            "class Net(torch.nn.Module):\n    pass\n"
            "import torch\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="when not fabric.is_global_zero",
            count=1, at="3:34-3:39", severity="warning",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def step(fabric, model):\n"
              "    with fabric.no_backward_sync(model):\n        pass\n"),
        Valid("import torch.nn as nn\n"
              "from lightning.fabric import Fabric\n"
              "class Trainer:\n"
              "    def __init__(self):\n"
              "        self.fabric = Fabric(strategy='xla_fsdp')\n"
              "    def setup(self):\n"
              "        self.model = self.fabric.setup(nn.Linear(2, 2))\n"
              "    def step(self, batch):\n"
              "        with self.fabric.no_backward_sync(self.model):\n"
              "            pass\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "model = Net()\n"
              "model = fabric.setup(model)\n"
              "with fabric.no_backward_sync(model):\n    pass\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        yield from self._helpers_elsewhere(ctx)
        setups: dict[tuple[ast.AST, str], list[ast.Call]] | None = None
        for call, fabric in ctx.method_calls("no_backward_sync"):
            if not (call.args or call.keywords) or fabric_kind(ctx, fabric) is None:
                continue
            if not call.args:  # `module=net`, or through a `**` its caller fills (`no_backward_sync(**sync_kwargs)`)
                given = ctx.keyword_args(call)[0].get("module")
                found = self._followed(ctx, given.value) if given is not None and given.elsewhere is None else None
                if found is not None:
                    yield found
                continue
            module = call.args[0]
            binding = ctx.reaching(module) if isinstance(module, ast.Name) else None
            if binding is None or binding.value is None:
                found = self._followed(ctx, module, assigned=binding is not None and isinstance(
                    binding.stmt, (ast.Assign, ast.AnnAssign)))  # `model, optimizer = build(fabric)`
                if found is not None:
                    yield found
                continue
            if _is_setup(binding.value):
                continue
            if setups is None:
                setups = _setups_by_scope(ctx)
            setup = next((c for c in setups.get((ctx.scope_of(call), module.id), ())  # type: ignore[attr-defined]
                          if _before(binding.stmt, c) and _before(c, call)), None)
            if setup is not None:
                yield self._after_setup(ctx, call, module, setup)  # type: ignore[arg-type]
            elif _constructs_module(ctx, binding.value):
                yield self.finding(
                    ctx, module,
                    f"`{module.id}` is not set up: pass the module returned by "  # type: ignore[attr-defined]
                    f"`{ctx.doc.source(fabric)}.setup({module.id})` to `no_backward_sync`, or Fabric raises TypeError",  # type: ignore[attr-defined]
                )
            else:  # a class of another module of the project (`GPT` from model.py), a helper's module: the values
                found = self._followed(ctx, module, assigned=True)
                if found is not None:
                    yield found

    def _helpers_elsewhere(self, ctx: Context) -> Iterator[Finding]:
        """`accumulate(fabric, net, ...)` where `accumulate`, a function of another module, calls
        `fabric.no_backward_sync(model)` on the parameters those arguments land in; and
        `accelerator.accumulate(net)` where the method of a project class (`Accelerator.accumulate(self,
        model)`) calls `self.fabric.no_backward_sync(model)`, its `self` the receiver: the argument here is
        what is not set up (the fix is here, where it is passed)."""
        setups: dict[tuple[ast.AST, str], list[ast.Call]] = {}
        for call in ctx.nodes(ast.Call):
            if not isinstance(call.func, (ast.Name, ast.Attribute)):
                continue
            elsewhere = ctx.called_elsewhere(call) if len(call.args) + len(call.keywords) >= 2 else None
            if elsewhere is not None:
                func, module_flow = elsewhere
                for receiver, param, path, sync, where in _syncs_on_parameters(module_flow, func, SYNC_DEPTH):
                    fabric, given = (argument_for(func, p, call, False) for p in (receiver, param))
                    if isinstance(fabric, ast.expr) and isinstance(given, ast.expr) and fabric_kind(ctx, fabric) is not None \
                            and may_run_for(ctx, module_flow, func, call, sync, "no_backward_sync"):
                        yield from self._raw_given(ctx, call, given, sync, where, setups, path)
                continue
            if not ctx.may_run_project_method(call.func):
                continue
            run = ctx.method_run(call)  # `accelerator.accumulate(model)`: the method, `self` the receiver
            if run is None:
                continue
            func, module_flow, owner = run
            syncs = _syncs_on_self(module_flow, func) if call.args or call.keywords else []
            # (a method of this file syncing on its state is flagged there, `_followed`: its module is this one)
            kept = _syncs_on_state(module_flow, func) if module_flow.ctx.doc is not ctx.doc else []
            if not syncs and not kept:
                continue
            view = module_flow.ctx.at_call(ctx.flow.bound_site(module_flow, func, call, owner))
            for sync in kept:
                found = self._raw_kept(ctx, call, view, sync, module_flow.origin_name)
                if found is not None:
                    yield found
            for param, sync in syncs:
                given = argument_for(func, param, call, True)
                if isinstance(given, ast.expr) and fabric_kind(view, sync.func.value) is not None:  # type: ignore[attr-defined]
                    yield from self._raw_given(ctx, call, given, sync, module_flow.origin_name, setups)

    def _raw_kept(self, ctx: Context, call: ast.Call, view: Context, sync: ast.Call, where: str) -> Finding | None:
        """The finding at `call`, a method call here whose method syncs on what its instance keeps (`self.model`,
        or `self.module if module is None else module`) when that is a raw module this file builds: the
        instance was given it here (its construction, a method storing it), or the call leaves the parameter
        that would replace it; the fix is here."""
        values = view.values(sync.args[0])
        raw = [v for v in values if v.kind == "module" and v.node is not None and v.flow is not None
               and v.flow.ctx.doc is ctx.doc]
        first = raw[0].node if raw else None
        if first is None:
            return None
        shown = " ".join(ctx.doc.source(call).split())
        written = " ".join(ctx.doc.source(first).split())
        message = (f"`{shown}` syncs on the raw module `{written}` (line {raw[0].line}): `{ctx.doc.source(call.func)}` "
                   f"({where}, line {sync.lineno}) passes what its instance keeps to `no_backward_sync`; give the "
                   "method or its instance the module returned by `fabric.setup(...)`, or Fabric raises TypeError")
        every = len(raw) == len(values)
        if not every:
            condition = describe_when(raw)
            message += f"; {condition}" if condition else "; on some paths"
        return self.finding(ctx, call, message, (), self.severity if every else Severity.WARNING)

    def _raw_given(self, ctx: Context, call: ast.Call, given: ast.expr, sync: ast.Call, where: str,
                   setups: dict[tuple[ast.AST, str], list[ast.Call]], path: tuple[str, ...] = ()) -> Iterator[Finding]:
        """The finding at `given`, the argument of `call` that reaches `sync`'s module (or, with `path`, whose
        attribute does: `bundle.raw` of the dataclass instance given as `bundle`), when it holds a raw module."""
        values = ctx.values(given)
        for attr in path:  # what the instance given holds in that attribute, as the value flow reads it
            values = tuple(a for v in values if v.kind == "instance" for a in ctx.flow.attribute(v, attr, given))
        raw = [v for v in values if v.kind == "module" and not v.foreign]
        if not raw and any(v.kind == "module" and v.node is not None for v in values):
            set_up_here = _set_up_here(ctx)  # a module another file builds that this one sets up, then passes on raw
            raw = [v for v in values if v.kind == "module" and v.node is not None and id(v.node) in set_up_here]
        if not raw:
            return
        shown = ctx.doc.source(call.func)
        spelled = " ".join(ctx.doc.source(given).split()) + "".join(f".{attr}" for attr in path)
        written, line = _described(ctx, raw[0])
        message = (f"`{spelled}` is not set up: `{shown}` ({where}, line {sync.lineno}) passes "
                   f"it to `no_backward_sync`, and it holds the raw module `{written}` ({line}); "
                   "pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError")
        fixes = []
        if isinstance(given, ast.Name) and not path:
            if not setups:
                setups.update(_setups_by_scope(ctx))
            binding = ctx.reaching(given)
            setup = next((c for c in setups.get((ctx.scope_of(call), given.id), ())
                          if binding is not None and _before(binding.stmt, c) and _before(c, call)), None)
            holder = _assigned_name(ctx.statement_of(setup), setup) if setup is not None else None
            if holder:
                fixes.append(fix(f"Use `{holder}`, the set-up module", replace(ctx, given, holder), preferred=True))
        if len(raw) < len(values):
            condition = describe_when(raw)
            message += f"; {condition}" if condition else "; on some paths"
        yield self.finding(ctx, given, message, fixes, self.severity if len(raw) == len(values) else Severity.WARNING)

    def _followed(self, ctx: Context, module: ast.expr, assigned: bool = False) -> Finding | None:
        """`self.model`, a parameter, ...: what the value-flow layer says the argument holds. A raw module
        written in another module counts for a name this scope `assigned` (`model, opt = build(fabric)` of a
        factory that sets up `net` but returns it): the name here is what is not set up. One that reaches a
        parameter is flagged where the caller passes it (`_helpers_elsewhere`), where the fix belongs."""
        values = ctx.values(module)
        # `model.module` of a set-up module: the unwrapping is written here, whoever passed the set-up module
        unwrapped = isinstance(module, ast.Attribute) and module.attr in UNWRAPPING \
            and any(v.kind == "setup_module" for v in ctx.values(module.value))
        raw = [v for v in values if v.kind == "module" and (assigned or unwrapped or not v.foreign)]
        if not raw and isinstance(module, ast.Attribute):  # a module another file builds, kept in an attribute
            set_up_here = _set_up_here(ctx)  # this file sets up and then syncs on raw (not a parameter it is given)
            raw = [v for v in values if v.kind == "module" and v.node is not None and id(v.node) in set_up_here]
        if not raw:
            return None
        # a loop over known items whose every turn syncs on its variable: the raw item's turn is certain to come
        # `None` raises the same TypeError (`self.model = None` until a method stores the raw module)
        raising = len(raw) + sum(v.kind == "none" for v in values)
        every_path = raising == len(values) or any(
            every_turn(v.when) and all(isinstance(c, EveryTurn) and c.use is module for c in v.when) for v in raw)
        written, where = _described(ctx, raw[0])
        message = (
            f"`{ctx.doc.source(module)}` is not set up: it holds the raw module `{written}` ({where}); "
            "pass the module returned by `fabric.setup(...)`, or Fabric raises TypeError"
        )
        if not every_path:
            condition = describe_when(raw)
            message += f"; {condition}" if condition else "; on some paths"
        elif raising < len(values):
            message += f"; {describe_when(raw)}, a turn every run of the loop reaches"
        return self.finding(ctx, module, message, (), self.severity if every_path else Severity.WARNING)

    def _after_setup(self, ctx: Context, call: ast.Call, module: ast.Name, setup: ast.Call) -> Finding:
        statement = ctx.statement_of(setup)
        setup_text = ctx.doc.source(setup)
        if isinstance(statement, ast.Expr) and statement.value is setup:
            return self.finding(
                ctx, module,
                f"`{module.id}` is not set up: the result of `{setup_text}` is thrown away, "
                "so Fabric raises TypeError here",
                [fix(f"Keep the set-up module: `{module.id} = {setup_text}`",
                     replace(ctx, setup, f"{module.id} = {setup_text}"), safety=Safety.UNSAFE, preferred=True)],
            )
        holder = _assigned_name(statement, setup)
        fixes = [fix(f"Use `{holder}`, the set-up module", replace(ctx, module, holder), preferred=True)] if holder else []
        where = f"`{holder}` holds the module returned by `{setup_text}`" if holder else f"`{setup_text}` returns the set-up module"
        return self.finding(ctx, module, f"`{module.id}` is not set up: {where}; Fabric raises TypeError here", fixes)


Sync = tuple[ast.arg, ast.arg, tuple[str, ...], ast.Call, str]


def _syncs_on_parameters(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, depth: int) -> list[Sync]:
    """(the parameter the Fabric comes in, the one the module comes in, the attributes read on it, the call, the
    module it is in) of each `fabric.no_backward_sync(model, ...)` the function makes on two of its parameters,
    or on an attribute of one (`fabric.no_backward_sync(bundle.raw)`): in its own body, or in a function of its
    module or of another that it passes both on to (`fit(fabric, model)` calling `micro_step(fabric, model)`),
    `depth` calls deep at most. Kept per function by its module."""
    return flow.ctx.once(f"syncs on parameters {depth}", func, functools.partial(_syncs_in, flow, func, depth), [])


def _syncs_in(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef, depth: int) -> list[Sync]:
    params = {a.arg: a for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    stores = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    kept = {name: arg for name, arg in params.items() if name not in stores}  # never bound again
    out = []
    for node in ast.walk(func):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "no_backward_sync" \
                and isinstance(node.func.value, ast.Name) and node.args:
            attrs: list[str] = []
            module = node.args[0]
            while isinstance(module, ast.Attribute):  # `bundle.raw`: an attribute of a parameter
                attrs.insert(0, module.attr)
                module = module.value
            fabric = node.func.value.id
            if isinstance(module, ast.Name) and fabric in kept and module.id in kept:
                out.append((kept[fabric], kept[module.id], tuple(attrs), node, flow.origin_name))
            continue
        if depth <= 0 or len(node.args) + len(node.keywords) < 2 or not isinstance(node.func, (ast.Name, ast.Attribute)):
            continue
        callee = _callee(flow, node)
        if callee is None or callee[0] is func:
            continue
        inner, inner_flow = callee
        for receiver, param, path, sync, where in _syncs_on_parameters(inner_flow, inner, depth - 1):
            fabric_arg, module_arg = (argument_for(inner, p, node, False) for p in (receiver, param))
            if isinstance(fabric_arg, ast.Name) and isinstance(module_arg, ast.Name) \
                    and fabric_arg.id in kept and module_arg.id in kept:
                out.append((kept[fabric_arg.id], kept[module_arg.id], path, sync, where))
    return out


def _syncs_on_self(flow: Flow, method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[ast.arg, ast.Call]]:
    """(the parameter the module comes in, the call) of each `self.<attr>.no_backward_sync(model, ...)` a method
    makes in its own body on one of its parameters after `self` (`Accelerator.accumulate(self, model)` on
    `self.fabric`): what the Fabric is, the call's receiver tells. Kept per method by its module."""
    def found() -> list[tuple[ast.arg, ast.Call]]:
        positional = [*method.args.posonlyargs, *method.args.args]
        if not positional:
            return []
        owner = positional[0].arg
        params = {a.arg: a for a in (*positional[1:], *method.args.kwonlyargs)}
        stores = {n.id for n in ast.walk(method) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        out = []
        for node in ast.walk(method):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "no_backward_sync" \
                    and isinstance(node.func.value, ast.Attribute) and isinstance(node.func.value.value, ast.Name) \
                    and node.func.value.value.id == owner and owner not in stores and node.args \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in params and node.args[0].id not in stores:
                out.append((params[node.args[0].id], node))
        return out

    return flow.ctx.once("syncs on self", method, found, [])


def _described(ctx: Context, raw: Value) -> tuple[str, str]:
    """The raw module's construction as written and where (`Net()`, "`train.py`, line 8" or "line 8")."""
    if raw.node is None:
        written = "a module"
    elif raw.foreign and raw.flow is not None:
        written = raw.flow.text(raw.node)
    else:
        written = " ".join(ctx.doc.source(raw.node).split())
    where = f"{raw.flow.origin_name}, line {raw.line}" if raw.foreign and raw.flow is not None else f"line {raw.line}"
    return written, where


def _syncs_on_state(flow: Flow, method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Call]:
    """Each `self.<attr>.no_backward_sync(x, ...)` a method makes in its own body on something else than one of its
    parameters as given (`self.model`, a local bound to it): what `x` holds is the value flow's to say, for
    the instance the method runs on. Kept per method by its module."""
    def found() -> list[ast.Call]:
        positional = [*method.args.posonlyargs, *method.args.args]
        if not positional:
            return []
        owner = positional[0].arg
        params = {a.arg for a in all_args(method.args)}
        stores = {n.id for n in ast.walk(method) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        return [node for node in ast.walk(method)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "no_backward_sync"
                and isinstance(node.func.value, ast.Attribute) and isinstance(node.func.value.value, ast.Name)
                and node.func.value.value.id == owner and owner not in stores and node.args
                and not (isinstance(node.args[0], ast.Name) and node.args[0].id in params and node.args[0].id not in stores)]

    return flow.ctx.once("syncs on state", method, found, [])


def _callee(flow: Flow, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
    """The function `call` (in a module read by `flow`) runs: one of another module, or a def of its own."""
    elsewhere = flow.ctx.called_elsewhere(call)
    if elsewhere is not None:
        return elsewhere
    local = flow.ctx.local_function(call.func)
    return (local, flow) if local is not None else None


def _setups_by_scope(ctx: Context) -> dict[tuple[ast.AST, str], list[ast.Call]]:
    """`fabric.setup(name, ...)` calls by their scope and the name they set up, in document order."""
    found: dict[tuple[ast.AST, str], list[ast.Call]] = {}
    for method in SETUP_METHODS:
        for call, _ in ctx.method_calls(method):
            if call.args and isinstance(call.args[0], ast.Name):
                found.setdefault((ctx.scope_of(call), call.args[0].id), []).append(call)
    return found


def _set_up_here(ctx: Context) -> frozenset[int]:
    """The modules (their nodes) the file's `fabric.setup(x.m)` / `fabric.setup_module(x.m)` calls set up from an
    attribute the file keeps, wherever they are built (`self.wrapped = fabric.setup_module(self.model)` of a
    Trainer given `Net()` by train.py): syncing on one of them raw is this file's slip, not its builder's. (A
    helper that sets up the parameter it is given leaves a raw module to its caller.) Once a check."""
    def found() -> frozenset[int]:
        out: set[int] = set()
        for method in SETUP_METHODS:
            for call, fabric in ctx.method_calls(method):
                if call.args and isinstance(call.args[0], (ast.Attribute, ast.Name)) and fabric_kind(ctx, fabric) is not None:
                    out.update(id(v.node) for v in ctx.values(call.args[0]) if v.kind == "module" and v.node is not None)
        return frozenset(out)
    return ctx.once("modules set up here", ctx.module, found)


def _is_setup(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SETUP_METHODS


def _before(a: ast.AST, b: ast.AST) -> bool:
    return (a.lineno, a.col_offset) < (b.lineno, b.col_offset)  # type: ignore[attr-defined]


def _assigned_name(statement: ast.stmt, value: ast.Call) -> str | None:
    if isinstance(statement, ast.Assign) and statement.value is value and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            return target.id
        if isinstance(target, (ast.Tuple, ast.List)) and target.elts and isinstance(target.elts[0], ast.Name):
            return target.elts[0].id  # `model, optimizer = fabric.setup(model, optimizer)`
    return None


def _constructs_module(ctx: Context, value: ast.AST) -> bool:
    """A call that builds a module: a class defined in this file, or one from `torch.nn`."""
    if not isinstance(value, ast.Call):
        return False
    qualified = ctx.resolve(value.func) or ""
    if qualified.startswith("torch.nn."):
        return True
    if isinstance(value.func, ast.Name):
        binding = ctx.reaching(value.func)
        return binding is not None and isinstance(binding.stmt, ast.ClassDef)
    return False


RULE = NoBackwardSyncRawModule()
