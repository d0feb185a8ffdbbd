"""LXF039: a model, an optimizer or a dataloader set up a second time.

`Fabric.setup`, `setup_module`, `setup_optimizers` and `setup_dataloaders` first check what they are given
(`_validate_setup`, `_validate_setup_module`, `_validate_setup_optimizers`, fabric.py l.1203-1238,
`_validate_setup_dataloaders`): a
module that is already a `_FabricModule` raises ValueError "A model should be passed only once to the
`setup_module` method." (or "... to the `setup` method."), an optimizer that is already a
`_FabricOptimizer` "An optimizer should be passed only once to the `setup_optimizers` method." (or
"... `setup` method."), a loader that is already a `_FabricDataLoader` "A dataloader should be passed only
once to the `setup_dataloaders` method.". Under XLAFSDP this happens inside the launched function, on every process,
after the first set-up has already sharded the model.

The usual shapes: a Trainer that sets the model up in `__init__` and again in `fit`, a set-up repeated in
a loop over epochs, a helper that sets up what the caller already set up (reported at the call that gives it the
set-up model when another call gives it a raw one: `prepare(fabric, model)` on resume), a data module whose
`train_dataloader()` stores its set-up loader back on `self` and runs again each epoch on the same object
(an error when the loop surely turns twice: `range(n)`, n 2 or more). Flagged where the value-flow
layer shows the argument holds what a set-up call returned: an error when it does on every path, a
warning that names the condition otherwise. The fix removes a repeated `x = fabric.setup_module(x)`
statement (the object is already set up: keeping it unchanged is what the code meant), unsafe.
"""

from __future__ import annotations

import ast
import collections
import functools
import itertools
from collections.abc import Iterator

from ....binder import source_text
from ....context import Context
from ....findings import Edit, Finding, Fix, Safety, Severity
from ....flow import Flow, argument_for
from ....rule import Invalid, Rule, Valid, fix, short
from ....statements import block_of, line_span, starts_line
from ....values import Value, describe_when, on_every_path
from ...lightning.fabric import fabric_kind
from ..checkpoints import SETUP_MODULE, object_kind
from ..facts import argument_values

# the record of each (method, what is set up again)
RECORDS = {
    ("setup_module", "model"): "2de3d0766338cd17",
    ("setup", "model"): "b2a9523582dc7745",
    ("setup_optimizers", "optimizer"): "73f0571cfcb41199",
    ("setup", "optimizer"): "39fbf1e54e44718f",
    ("setup_dataloaders", "dataloader"): "e9b2cf6ce1eb7d96",
}
SET_UP = {"model": "setup_module", "optimizer": "setup_optimizer", "dataloader": "setup_dataloader"}  # the layer's kinds


class SetUpTwice(Rule):
    code = "LXF039"
    record = "2de3d0766338cd17"
    name = "set-up-twice"
    summary = "Set a model, an optimizer or a dataloader up once: Fabric raises ValueError when given a set-up one"
    severity = Severity.ERROR
    triggers = ("setup_module", "setup_optimizers", "setup_dataloaders", "setup")
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model = fabric.setup_module(model)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="A model should be passed only once to the `setup_module` method",
            count=1, at="4:33-4:38", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
            "    for epoch in range(2):\n"
            "        fabric.setup_optimizers(optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="An optimizer should be passed only once to the `setup_optimizers` method",
            count=1, at="7:33-7:42", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Data:\n"
            "    def __init__(self, fabric, loader):\n"
            "        self.fabric, self.loader = fabric, loader\n"
            "    def train_dataloader(self):\n"
            "        self.loader = self.fabric.setup_dataloaders(self.loader)\n"
            "        return self.loader\n"
            "def train(fabric, loader, epochs=2):\n"
            "    data = Data(fabric, loader)\n"
            "    for epoch in range(epochs):\n"
            "        for batch in data.train_dataloader():\n"
            "            pass\n"
            "Fabric(strategy='xla_fsdp').launch(train, DataLoader(range(4)))\n",
            message="A dataloader should be passed only once to the `setup_dataloaders` method: `self.loader` is what "
                    "this line stored the last time `train_dataloader` ran, already set up, and "
                    "`data.train_dataloader()` (line 11) runs it again in the loop at line 10",
            count=1, at="6:53-6:64", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Data:\n"
            "    def __init__(self, fabric, loader):\n"
            "        self.fabric, self.loader = fabric, loader\n"
            "    def train_dataloader(self):\n"
            "        self.loader = self.fabric.setup_dataloaders(self.loader)\n"
            "        return self.loader\n"
            "def train(fabric, loader, stages):\n"
            "    data = Data(fabric, loader)\n"
            "    for stage in stages:\n"
            "        data.train_dataloader()\n"
            "Fabric(strategy='xla_fsdp').launch(train, DataLoader(range(4)), STAGES)\n",
            message="; when the loop turns more than once",
            count=1, at="6:53-6:64", severity="warning",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "class Data:\n"
              "    def __init__(self, fabric, loader):\n"
              "        self.fabric, self.loader = fabric, loader\n"
              "    def train_dataloader(self):\n"
              "        self.loader = self.fabric.setup_dataloaders(self.loader)\n"
              "        return self.loader\n"
              "def train(fabric, loader):\n"
              "    for epoch in range(2):\n"
              "        data = Data(fabric, loader)\n"
              "        data.train_dataloader()\n"
              "Fabric(strategy='xla_fsdp').launch(train, DataLoader(range(4)))\n"),
        Valid("from lightning.fabric import Fabric\n"
              "class Data:\n"
              "    def __init__(self, fabric, loader):\n"
              "        self.fabric, self.loader = fabric, loader\n"
              "    def train_dataloader(self):\n"
              "        self.loader = self.fabric.setup_dataloaders(self.loader)\n"
              "        return self.loader\n"
              "    def reset(self, loader):\n"
              "        self.loader = loader\n"
              "def train(fabric, loader):\n"
              "    data = Data(fabric, loader)\n"
              "    for epoch in range(2):\n"
              "        data.train_dataloader()\n"
              "        data.reset(loader)\n"
              "Fabric(strategy='xla_fsdp').launch(train, DataLoader(range(4)))\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    raw = Net()\n"
              "    model = fabric.setup_module(raw)\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))\n"
              "    teacher = fabric.setup_module(Teacher())\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for method in ("setup_module", "setup", "setup_optimizers", "setup_dataloaders"):
            for call, fabric in ctx.method_calls(method):
                if fabric_kind(ctx, fabric) is None:
                    continue
                for given, what in _given(call, method):
                    finding = self._again(ctx, call, method, given, what) or self._each_run(ctx, call, method, given, what)
                    if finding is not None:
                        yield finding
        yield from self._given_to_a_helper_that_sets_it_up(ctx)

    def _given_to_a_helper_that_sets_it_up(self, ctx: Context) -> Iterator[Finding]:
        """`prepare(fabric, model)` where `prepare`, a function of the project, sets up the module its parameter
        brings (`model = fabric.setup_module(model)`), given a model already set up (what an earlier `prepare`
        returned) while another call here gives it a raw one: reported at the argument, where the fix is."""
        calls: dict[int, list[tuple[ast.Call, Flow, ast.Call, str, ast.expr, bool]]] = {}  # by the helper's set-up
        # the calls of another module's functions, and of this module's plain defs that set up a parameter (a scan of
        # their text first: most files have none)
        setting_up = {id(f): f for method in ("setup_module", "setup") for setup, _ in ctx.method_calls(method)
                      if (f := ctx.enclosing_function(setup)) is not None and isinstance(ctx.parents.get(f), ast.Module)
                      and not f.decorator_list and setup.args and isinstance(setup.args[0], ast.Name)
                      and setup.args[0].id in {a.arg for a in (*f.args.posonlyargs, *f.args.args, *f.args.kwonlyargs)}}
        local = [c for f in setting_up.values() for c in ctx.calls_by_name(f.name, live=False)]
        # (one call alone gives it no raw model to tell this one from: only a callee called twice or more is read)
        spelled = collections.Counter(source_text(c.func) for c in (*ctx.calls_into_project, *local))
        for call in (c for c in (*ctx.calls_into_project, *local) if spelled[source_text(c.func)] > 1):
            helper = _helper_called(ctx, call)
            if helper is None:
                continue
            func, module = helper
            set_up = module.ctx.once("sets up parameters", func, functools.partial(_sets_up_parameters, module, func))
            for param, setup, method in set_up:
                given = argument_for(func, param, call, False)
                if isinstance(given, ast.expr):
                    calls.setdefault(id(setup), []).append(
                        (call, module, setup, method, given, object_kind(ctx, given) == SETUP_MODULE))
        for sites in calls.values():
            if all(set_up_model for *_, set_up_model in sites):
                continue  # never given a raw model here: the helper's own set-up is the slip (`_again` says so there)
            for call, module, setup, method, given, set_up_model in sites:
                if not set_up_model:
                    continue
                where = f"{module.origin_name}, line {setup.lineno}" if module is not ctx.flow else f"line {setup.lineno}"
                message = (f"A model should be passed only once to the `{method}` method: `{short(ctx.doc.source(given), 40)}` "
                           f"is already the set-up model, and `{short(ctx.doc.source(call.func), 40)}` sets up what it is "
                           f"given (`{short(module.ctx.doc.source(setup), 40)}`, {where}), so Fabric raises ValueError. "
                           "Pass it the raw model, or keep using the set-up one")
                yield self.finding(ctx, given, message, record=RECORDS[method, "model"])

    def _again(self, ctx: Context, call: ast.Call, method: str, given: ast.expr, what: str) -> Finding | None:
        if isinstance(given, ast.Call) and ctx.resolve(given.func) is not None and not any(
                isinstance(v.node, (ast.FunctionDef, ast.AsyncFunctionDef)) for v in ctx.values(given.func)):
            return None  # a library's construction (`nn.Linear(...)`, `torch.optim.AdamW(...)`) is never set up
        held = ctx.values(given.value) if isinstance(given, ast.Starred) else \
            argument_values(ctx, given, lambda v: v.kind == SET_UP[what])
        if isinstance(given, ast.Starred):  # each item of the tuple a set-up call returned
            held = tuple(x for v in held for x in (v.extra if v.kind == "setup_tuple" and isinstance(v.extra, tuple)
                                                   else (v,)))
        values = [v for v in held if v.node is not call]  # (what this very call stores there)
        bad = [v for v in values if v.kind == SET_UP[what] and _set_up_before(ctx, v, call, given)]
        if not bad:
            return None
        article = "An optimizer" if what == "optimizer" else f"A {what}"
        first = bad[0]
        if isinstance(first.node, ast.Call) and not first.foreign:
            made = f"`{short(ctx.doc.source(first.node), 40)}` returned at line {first.node.lineno}"
        elif isinstance(first.node, ast.Call) and first.foreign and first.flow is not None:
            made = (f"`{short(first.flow.ctx.doc.source(first.node), 40)}` returned ({first.flow.origin_name}, "
                    f"line {first.node.lineno})")
        else:
            made = "a set-up call returned" + (f" ({first.flow.origin_name})" if first.foreign and first.flow else "")
        message = (f"{article} should be passed only once to the `{method}` method: `{short(ctx.doc.source(given), 40)}` is "
                   f"already the set-up {what} {made}, so Fabric raises ValueError. Set it up once and keep using "
                   "what that call returned")
        severity = None
        if not on_every_path(values, bad):
            condition = describe_when(bad)
            message += f"; {condition}" if condition else " (on some paths)"
            severity = Severity.WARNING
        fixes = [] if severity is not None else _removal(ctx, call, given)
        return self.finding(ctx, given, message, fixes, severity, record=RECORDS[method, what])

    def _each_run(self, ctx: Context, call: ast.Call, method: str, given: ast.expr, what: str) -> Finding | None:
        """`self.loader = self.fabric.setup_dataloaders(self.loader)` in a method a loop runs again on the same
        object (`for epoch in range(2): for x in data.train_dataloader(): ...`): the second run gives the set-up
        call what the first one stored, already set up."""
        found = _stored_back(ctx, call, given)
        if found is None:
            return None
        func, _ = found
        for site, _, _ in ctx.flow.call_sites(func):
            loop = _repeating_loop(ctx, site) if type(site) is ast.Call else None
            if loop is None or not _same_object_each_turn(ctx, site, loop):
                continue
            article = "An optimizer" if what == "optimizer" else f"A {what}"
            message = (f"{article} should be passed only once to the `{method}` method: `{short(ctx.doc.source(given), 40)}` "
                       f"is what this line stored the last time `{func.name}` ran, already set up, and "
                       f"`{short(ctx.doc.source(site), 40)}` (line {site.lineno}) runs it again in the loop at line "
                       f"{loop.lineno}, so Fabric raises ValueError. Set it up once (in `__init__`, or before the loop) "
                       "and keep using what that call returned")
            twice = _turns_twice(ctx, loop)
            return self.finding(ctx, given, message + ("" if twice else "; when the loop turns more than once"), [],
                                None if twice else Severity.WARNING, record=RECORDS[method, what])
        return None


def _helper_called(ctx: Context, call: ast.Call) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, Flow] | None:
    """The plain function of the project `call` runs on every path: of another module (`checkpoint.prepare(...)`),
    or the undecorated def of this module its name is bound to, not a method; with the flow that reads its module."""
    elsewhere = ctx.called_elsewhere(call) if isinstance(call.func, (ast.Name, ast.Attribute)) else None
    if elsewhere is not None:
        return elsewhere
    func = ctx.local_function(call.func)  # (the binding a name reads: no value worked out for every call)
    if func is None or isinstance(ctx.parents.get(func), ast.ClassDef) or func.decorator_list or ctx.within(call, func):
        return None
    return func, ctx.flow


def _sets_up_parameters(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[ast.arg, ast.Call, str]]:
    """(the parameter, the call, the method) of each `fabric.setup_module(param)` / `fabric.setup(param, ...)` the
    function's own body makes, on every run of it (not under an `if`, a loop, a `try` or a `with`: `if not
    is_wrapped(model):` guards it), on what one of its parameters still holds there."""
    params = {id(a): a for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    out = []
    for node in ast.walk(func):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("setup_module", "setup")
                and node.args and isinstance(node.args[0], ast.Name)) or flow.ctx.enclosing_function(node) is not func:
            continue
        defs = flow.reaching(node.args[0]) or ()
        statement, branches = flow.ctx.statement_of(node), False
        while statement is not None and statement is not func:
            branches = branches or isinstance(statement, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.With,
                                                          ast.AsyncWith, ast.Match))
            statement = flow.ctx.parents.get(statement)
        if not branches and len(defs) == 1 and defs[0].how == "param" and id(defs[0].node) in params:
            out.append((params[id(defs[0].node)], node, node.func.attr))
    return out


def _stored_back(ctx: Context, call: ast.Call, given: ast.expr) -> tuple[ast.FunctionDef, ast.ClassDef] | None:
    """(method, class) for `self.loader = self.fabric.setup_dataloaders(self.loader)` in a method other than
    `__init__`, every other store into the attribute the constructor's: nothing but this line changes it after."""
    stmt = ctx.statement_of(call)
    func = ctx.enclosing_function(call)
    cls = ctx.parents.get(func) if func is not None else None
    if not (isinstance(given, ast.Attribute) and isinstance(given.value, ast.Name) and isinstance(stmt, ast.Assign)
            and stmt.value is call and len(stmt.targets) == 1 and source_text(stmt.targets[0]) == source_text(given)
            and isinstance(func, ast.FunctionDef) and isinstance(cls, ast.ClassDef) and func.name != "__init__"
            and func.args.args and given.value.id == func.args.args[0].arg):
        return None
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and node.attr == given.attr and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and node is not stmt.targets[0]:
            owner = ctx.enclosing_function(node)
            if owner is None or owner.name != "__init__":
                return None
    return func, cls


def _repeating_loop(ctx: Context, site: ast.AST) -> ast.For | ast.AsyncFor | ast.While | None:
    """The innermost loop of the site's own function whose body holds it (a `for`'s iterable runs once)."""
    child, parent = site, ctx.parents.get(site)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.While)) and child in parent.body:
            return parent
        child, parent = parent, ctx.parents.get(parent)
    return None


def _same_object_each_turn(ctx: Context, site: ast.Call, loop: ast.AST) -> bool:
    """The method's receiver is one object for every turn: a name bound before the loop, or `self`."""
    receiver = site.func.value if isinstance(site.func, ast.Attribute) else None
    if not isinstance(receiver, ast.Name):
        return False
    binding = ctx.reaching(receiver)
    return binding is not None and binding.stmt is not None and not ctx.within(binding.stmt, loop)


def _turns_twice(ctx: Context, loop: ast.AST) -> bool:
    """`for _ in range(n)` with `n` 2 or more on every path (an option's default counts: the plain run's)."""
    if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name)
            and loop.iter.func.id == "range" and ctx.reaching(loop.iter.func) is None and len(loop.iter.args) == 1):
        return False
    counts = Flow.plain_run(ctx.values(loop.iter.args[0]))
    return bool(counts) and all(isinstance(v.node, ast.Constant) and type(v.node.value) is int and v.node.value >= 2
                                for v in counts)


def _set_up_before(ctx: Context, value: Value, call: ast.Call, given: ast.expr) -> bool:
    """The set-up call that made `value` has run when `call` runs. A name or a call holds what the layer says
    reaches it there; an attribute (`self.model`) holds every value stored into it, in whatever order its methods run, so
    only a set-up in the class's `__init__`, or earlier in the same function, counts (`self.model =
    self.fabric.setup_module(self.model)` in `setup()` is the first set-up, not a second one)."""
    made = value.node
    if not isinstance(made, ast.Call):
        return False
    if not isinstance(given, ast.Attribute):  # a name, a call: what the layer says reaches it there (a
        return True  # parameter's, what a caller passed: set up in another module before that call)
    if isinstance(given.value, ast.Name) and not _own_instance(ctx, call, given.value):
        return True  # `state.model` of an object a local name holds: the layer orders the stores into it
    if value.foreign:
        return False
    where, here = ctx.enclosing_function(made), ctx.enclosing_function(call)
    if where is here:
        return (made.lineno, made.col_offset) < (call.lineno, call.col_offset) and not ctx.within(call, made)
    return where is not None and where.name == "__init__" and here is not None and here.name != "__init__" \
        and ctx.scope_of(where) is ctx.scope_of(here)


def _own_instance(ctx: Context, call: ast.Call, name: ast.Name) -> bool:
    """`name` is the first parameter of the method `call` is made in (its `self`)."""
    func = ctx.enclosing_function(call)
    if func is None:
        return False
    positional = [*func.args.posonlyargs, *func.args.args]
    return bool(positional) and isinstance(ctx.parents.get(func), ast.ClassDef) and positional[0].arg == name.id


def _given(call: ast.Call, method: str) -> Iterator[tuple[ast.expr, str]]:
    """The arguments the method checks, with what each must not already be (a `*spread` of the optimizers or
    loaders a helper returns stands for each of them)."""
    args = list(itertools.takewhile(lambda a: not isinstance(a, ast.Starred), call.args))
    if method in ("setup_optimizers", "setup_dataloaders"):
        what = method.removeprefix("setup_").removesuffix("s")
        yield from ((a, what) for a in args)
        if len(call.args) == 1 and isinstance(call.args[0], ast.Starred):
            yield call.args[0], what
        return
    module = args[0] if args else next((k.value for k in call.keywords if k.arg == "module"), None)
    if module is not None:
        yield module, "model"
    if method == "setup":
        yield from ((a, "optimizer") for a in args[1:])


def _removal(ctx: Context, call: ast.Call, given: ast.expr) -> list[Fix]:
    """`x = fabric.setup_module(x)` (the same name or attribute on both sides), a statement of a block with
    others: removing it keeps `x` as it is, already set up."""
    stmt = ctx.parents.get(call)
    if not isinstance(stmt, ast.Assign) or stmt.value is not call or len(stmt.targets) != 1 \
            or source_text(stmt.targets[0]) != source_text(given):
        return []
    block = block_of(ctx, stmt)
    if block is None or len(block) < 2 or stmt.lineno != stmt.end_lineno or not starts_line(ctx, stmt):
        return []  # (a statement sharing its line with another would go with it)
    return [fix(f"Remove the second set-up of `{ctx.doc.source(given)}`", Edit(line_span(ctx, stmt), ""),
                safety=Safety.UNSAFE, preferred=True)]


RULE = SetUpTwice()
