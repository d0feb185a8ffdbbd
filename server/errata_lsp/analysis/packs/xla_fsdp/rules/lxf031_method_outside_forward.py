"""LXF031: a method of a module set up under XLAFSDP, other than `forward`, called directly.

`_FabricModule.__getattr__` finds `model.generate` on the original module and runs it as it is
(wrappers.py l.263, l.216): not through the XLAFSDP wrapper, whose forward gathers each layer's full
weights first. The original module's layers hold flat 1-D shards, so the first matrix product fails in
XLA: `RuntimeError: Cannot infer shape for dot operation: f32[4,8] <dot> f32[1]` at a linear layer
(labelled case 7042549152ce80f9_trigger), `RuntimeError: Check failed: weight->shape().get().dimensions_size()
== 2 (1 vs. 2)` at an embedding (corpus r09). Lightning's own check ("You are calling the method `Net.generate()` from
outside the model ... `mark_forward_method`") runs only after the method returns, so it never shows.
With an `auto_wrap_policy` the submodules it wraps gather their own weights, so a method that runs only
those returns and that check raises: `RuntimeError: You are calling the method `Net.generate()` from outside
the model` (wrappers.py l.219); a layer the policy leaves at the root still fails on its flat shard first
(`self.head(x)`, or `self(x)` whose forward runs one). Both are errors; the message names the condition.
The Lightning step methods (`training_step`, `validation_step`, `test_step`, `predict_step`) are never
flagged: `_FabricModule` marks them as forward methods itself (wrappers.py l.47, l.122), so
`model.training_step(batch)` runs through the wrapper like `model(x)` (p217's custom trainer ran).
A method that builds the optimizer from `self.parameters()` (`model.configure_optimizers()`) fails with
torch's `ValueError: optimizer got an empty parameter list` instead (95e7a3380b01287c_method-after-setup):
that finding belongs to LXF013's record. Only without `auto_wrap_policy`: with one, the wrapped submodules sit
inside the original module, its `parameters()` give their shards, and the run goes on with the root module's own
layers left out of the optimizer (95e7a3380b01287c_method-after-setup-wrapped): a warning, as it is when the
file cannot tell whether a policy is given.

Flagged where the receiver is a name or an attribute of `self` (`self.model`, a trainer object's set-up
model) assigned a set-up call's result and the value-flow layer shows it holds what an XLAFSDP
`fabric.setup_module` or `fabric.setup` returned, for a module of a class this file defines, and the method is one that class
defines, uses the module's layers or parameters, and is not marked with `mark_forward_method`.

The fix marks the method as a forward method right after the set-up (`model.mark_forward_method("generate")`,
`self.model.mark_forward_method(...)` after `self.model = ...`, what Lightning's message asks for;
7042549152ce80f9_after and corpus r12 run). It changes how the method runs, so it is
unsafe. No fix for a method that builds an optimizer: build it from the set-up model (LXF013).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator

from ....context import Context
from ....findings import Edit, Finding, Fix, Position, Safety, Severity, Span
from ....rule import Invalid, Rule, Valid, fix
from ....statements import PARAMETER_METHODS, newline
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..facts import auto_wrap_given, holds_only_wrapped_parameters, plain_method, set_up_module_class, wrapped_layers

LIGHTNING_CHECK_RECORD = "58d8204926c058a3"  # "You are calling the method ... from outside the model"
EMPTY_PARAMETERS_RECORD = "95e7a3380b01287c"  # torch's "optimizer got an empty parameter list" (LXF013's record)
# marked as forward methods by `_FabricModule.__init__` itself (`_LIGHTNING_MODULE_STEP_METHODS`, wrappers.py l.47)
FABRIC_MARKED_METHODS = frozenset(("training_step", "validation_step", "test_step", "predict_step"))


class MethodOutsideForward(Rule):
    code = "LXF031"
    record = "7042549152ce80f9"
    name = "method-outside-forward"
    summary = "Under XLAFSDP, a method of the set-up model other than `forward` runs on flat shards"
    triggers = ("setup_module", "setup")
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = torch.nn.Linear(8, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "    def generate(self, x):\n"
            "        return self.head(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.generate(torch.randn(4, 8))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = torch.nn.Linear(8, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "    def generate(self, x):\n"
            "        return self.head(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.mark_forward_method(\"generate\")\n"
            "    model.generate(torch.randn(4, 8))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`model.generate` runs `Net.generate` on the original module, not through the XLAFSDP wrapper",
            count=1, at="13:5-13:19", severity="error",
        ),
        # a loop over a known empty tuple marks nothing
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "FORWARD_METHODS = ()\n"
            "class Net(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = torch.nn.Linear(8, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "    def generate(self, x):\n"
            "        return self.head(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    for name in FORWARD_METHODS:\n"
            "        model.mark_forward_method(name)\n"
            "    model.generate(torch.randn(4, 8))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`model.generate` runs `Net.generate` on the original module, not through the XLAFSDP wrapper",
            count=1, at="16:5-16:19", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "FORWARD_METHODS = (\"generate\",)\n"
              "class Net(torch.nn.Module):\n"
              "    def __init__(self):\n"
              "        super().__init__()\n"
              "        self.head = torch.nn.Linear(8, 1)\n"
              "    def forward(self, x):\n"
              "        return self.head(x)\n"
              "    def generate(self, x):\n"
              "        return self.head(x)\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    for name in FORWARD_METHODS:\n"
              "        model.mark_forward_method(name)\n"
              "    model.generate(torch.randn(4, 8))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        # the method handed as a value to a function that calls it (a rollout given the policy's `act`)
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = torch.nn.Linear(8, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "    def act(self, x):\n"
            "        return self.head(x).argmax()\n"
            "def rollout(policy, steps):\n"
            "    return [policy(torch.randn(4, 8)) for _ in range(steps)]\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    rollout(model.act, steps=2)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.head = torch.nn.Linear(8, 1)\n"
            "    def forward(self, x):\n"
            "        return self.head(x)\n"
            "    def act(self, x):\n"
            "        return self.head(x).argmax()\n"
            "def rollout(policy, steps):\n"
            "    return [policy(torch.randn(4, 8)) for _ in range(steps)]\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.mark_forward_method(\"act\")\n"
            "    rollout(model.act, steps=2)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`model.act` runs `Net.act` on the original module, not through the XLAFSDP wrapper",
            count=1, at="15:13-15:22", severity="error",
        ),
        Valid("import torch\n"  # handed to a function that only keeps it: not called here
              "from lightning.fabric import Fabric\n"
              "class Net(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return x\n"
              "    def act(self, x):\n"
              "        return x\n"
              "def describe(policy):\n"
              "    return policy.__name__\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    describe(model.act)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Net(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "    def configure_optimizers(self):\n"
            "        return torch.optim.AdamW(self.parameters())\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(model.configure_optimizers())\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="torch raises ValueError: optimizer got an empty parameter list",
            count=1, at="10:41-10:69", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "class Block(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "class Net(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "    def configure_optimizers(self):\n"
            "        return torch.optim.AdamW(self.parameters())\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(model.configure_optimizers())\n"
            "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n",
            message="the optimizer never updates the root module's own layers",
            count=1, at="14:41-14:69", severity="warning",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "class Block(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return x\n"
            "class Net(torch.nn.Module):\n"
            "    def forward(self, x):\n"
            "        return self.head(self.blocks(x))\n"
            "    def generate(self, x):\n"
            "        return self(x)\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    model.generate(torch.randn(4, 8))\n"
            "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n",
            message="a method that runs only the submodules it wraps (they gather their own weights) returns, and "
                    "Lightning's check then raises RuntimeError: You are calling the method `Net.generate()` from "
                    "outside the model",
            count=1, at="14:5-14:19", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "class Block(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return x\n"
              "class Net(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return self.head(self.blocks(x))\n"
              "    def training_step(self, x):\n"
              "        return self(x).sum()\n"
              "    def validation_step(self, x):\n"
              "        return self.head(x).sum()\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    model.training_step(torch.randn(4, 8))\n"
              "    model.validation_step(torch.randn(4, 8))\n"
              "Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n"
              "def tune(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    model.training_step(torch.randn(4, 8))\n"
              "Fabric(strategy='xla_fsdp').launch(tune)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Net(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return self.head(x)\n"
              "    def generate(self, x):\n"
              "        return self.head(x)\n"
              "    def describe(self):\n"
              "        return 'net'\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    model.mark_forward_method('generate')\n"
              "    model.generate(torch.randn(4, 8))\n"
              "    model.describe()\n"
              "    model(torch.randn(4, 8))\n"
              "    other = fabric.setup_module(Net())\n"
              "    other.eval()\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"
              "def tune(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    model.generate(torch.randn(4, 8))\n"
              "Fabric(strategy='ddp').launch(tune)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        holders = _setup_holders(ctx)  # the names a set-up call is assigned to: the receivers followed here
        methods = _method_names(ctx)  # with no class of another module imported, the only methods followed
        for call, callee in _method_calls(ctx, holders):
            if callee.attr.startswith("_") or callee.attr == "forward" or callee.attr in FABRIC_MARKED_METHODS:
                continue
            # a parameter may bring a model another module set up (`sample(fabric, model)` called in train.py)
            argument = _parameter(ctx, callee.value)
            if argument is not None:
                if _packed(ctx, argument):
                    continue  # `*args` is a tuple, `**kwargs` a dict, whatever the callers pass: never a module
                found = ctx.once("set-up module of parameter", argument, functools.partial(_xla_fsdp_setup, ctx, callee.value))
                if found is not None and fabric_kind(ctx, callee.value) is not None:
                    continue  # the Fabric itself
            elif _spelling(callee.value) in holders and (callee.attr in methods or ctx.imports_project):
                found = _xla_fsdp_setup(ctx, callee.value)
            else:
                continue
            if found is None:
                continue
            setup, owner = found
            cls = set_up_module_class(owner, setup, elsewhere=True)
            method = plain_method(cls, callee.attr) if cls is not None else None
            if cls is None or method is None or _marked(ctx, callee.value, callee.attr) \
                    or owner is not ctx and _marked_on(owner, setup, callee.attr):
                continue
            uses_layers, uses_parameters = _what_it_uses(method, cls)
            receiver = ctx.doc.source(callee.value)
            head = (f"`{receiver}.{callee.attr}` runs `{cls.name}.{callee.attr}` on the original module, not through "
                    "the XLAFSDP wrapper, whose forward gathers each layer's full weights")
            if uses_layers:
                if owner is ctx:
                    fixes = [f for f in (self._mark(ctx, setup, receiver, callee.attr),) if f]
                    after = "the set-up"
                else:  # set up in another module: marked there, on what it holds the set-up module in
                    holder = _assigned_spelling(owner, setup)
                    fixes = [f for f in (self._mark(owner, setup, holder, callee.attr, owner.flow.origin),) if f] \
                        if holder is not None else []
                    after = f"the set-up ({owner.flow.origin_name}, line {setup.lineno})"
                    receiver = holder or receiver
                message = (f"{head}: {self._layers_outcome(owner, setup, cls.name, callee.attr)}. Call "
                           f"`{receiver}.mark_forward_method(\"{callee.attr}\")` after {after}")
                # with `auto_wrap_policy` the wrapped layers gather their weights: Lightning's own check is what shows
                wrapped = auto_wrap_given(owner, setup.func.value)  # type: ignore[attr-defined]  # an XLAFSDP setup
                yield self.finding(ctx, callee, message, fixes, record=LIGHTNING_CHECK_RECORD if wrapped else None)
            elif uses_parameters:
                layers = wrapped_layers(owner, setup.func.value)  # type: ignore[attr-defined]  # an XLAFSDP setup
                if layers is not None and holds_only_wrapped_parameters(owner, setup, layers):
                    continue  # the wrapped layers' shards are all the parameters the optimizer needs
                message, severity = self._parameters_message(owner, setup, head, receiver)
                yield self.finding(ctx, call if call.func is callee else callee, message, severity=severity,
                                   record=EMPTY_PARAMETERS_RECORD)

    def _layers_outcome(self, owner: Context, setup: ast.Call, cls: str, method: str) -> str:
        """What running the module's layers outside the wrapper raises: XLA's shape error at the first layer
        holding a flat shard (every layer without `auto_wrap_policy`); with one, the layers it wraps gather
        their weights, and Lightning's check raises once the method returns (labelled: corpus m05-m08)."""
        wrapped = auto_wrap_given(owner, setup.func.value)  # type: ignore[attr-defined]  # checked by _xla_fsdp_setup
        shape = ("XLA fails with a shape RuntimeError (`Cannot infer shape for dot operation` at a linear layer, "
                 "`weight->shape()...dimensions_size() == 2` at an embedding)")
        if wrapped is False:
            return (f"its layers hold flat 1-D shards, so {shape} before Lightning's own 'mark it as a forward method' "
                    "check, which runs after the method returns")
        lightning = ("a method that runs only the submodules it wraps (they gather their own weights) returns, and "
                     f"Lightning's check then raises RuntimeError: You are calling the method `{cls}.{method}()` from "
                     "outside the model")
        if wrapped:
            return (f"with `auto_wrap_policy`, a layer it leaves at the root module holds a flat 1-D shard, so {shape} "
                    f"at the first one the method runs (`self(x)` runs `forward`'s); {lightning}")
        return (f"without `auto_wrap_policy` its layers hold flat 1-D shards, so {shape}; with one, only at a layer "
                f"it leaves at the root module: {lightning}")

    def _parameters_message(self, owner: Context, setup: ast.Call, head: str, receiver: str) -> tuple[str, Severity]:
        """What `self.parameters()` of the original module gives after the set-up: nothing without an
        `auto_wrap_policy` (torch raises), the wrapped submodules' shards with one (the run goes on, the
        root's own layers untrained: 95e7a3380b01287c_method-after-setup-wrapped); both when it cannot tell."""
        wrapped = auto_wrap_given(owner, setup.func.value)  # type: ignore[attr-defined]  # checked by _xla_fsdp_setup
        empty = ("XLAFSDP emptied into the set-up model's shards, so torch raises ValueError: optimizer got an empty "
                 "parameter list")
        partial = ("with `auto_wrap_policy` it gives only the wrapped submodules' shards: the run goes on and the "
                   "optimizer never updates the root module's own layers")
        build = f"Build the optimizer from `{receiver}.parameters()`"
        if wrapped is False:
            return f"{head}: `self.parameters()` there is the original module's, which {empty}. {build}", Severity.ERROR
        if wrapped:
            return f"{head}: `self.parameters()` there is the original module's: {partial}. {build}", Severity.WARNING
        return (f"{head}: `self.parameters()` there is the original module's: without `auto_wrap_policy` "
                f"{empty.replace('emptied', 'empties it')}; {partial}. {build}", Severity.WARNING)

    def _mark(self, ctx: Context, setup: ast.Call, receiver: str, method: str, path: str | None = None) -> Fix | None:
        """`receiver.mark_forward_method("method")` on the line after `receiver = fabric.setup_module(...)`
        (in the module `path` when the set-up is in another one)."""
        stmt = ctx.statement_of(setup)
        if not (isinstance(stmt, ast.Assign) and stmt.value is setup and len(stmt.targets) == 1
                and _spelling(stmt.targets[0]) == receiver):
            return None
        end = ctx.doc.span(stmt).end
        indent = ctx.doc.lines[ctx.doc.span(stmt).start.line][: ctx.doc.span(stmt).start.column]
        if indent.strip():
            return None  # not alone at the start of its line
        text = f"{newline(ctx)}{indent}{receiver}.mark_forward_method(\"{method}\")"
        at = Position(end.line, end.column)
        return fix(f"Mark `{method}` as a forward method after the set-up", Edit(Span(at, at), text),
                   safety=Safety.UNSAFE, preferred=True, path=path)


def _parameter(ctx: Context, receiver: ast.expr) -> ast.arg | None:
    """The parameter the receiver is, where its function's binding reaches it (what its callers pass;
    the same at each such use); None for anything else, and for `self` (or `cls`) of a method."""
    if not isinstance(receiver, ast.Name) or receiver.id not in _parameter_names(ctx):
        return None  # (`torch.randn`, `nn.Linear`: no parameter of that name, its binding not looked for)
    owner = _enclosing_parameter_owner(ctx, receiver)
    if owner is None or _self_in_body(ctx, owner, receiver):
        return None  # no binding that reaches it is a parameter, or the only one is the method's `self`
    binding = ctx.reaching(receiver)
    if binding is None or not isinstance(binding.stmt, ast.arg):
        return None
    func = ctx.scope_of(binding.stmt)
    positional = [*func.args.posonlyargs, *func.args.args] if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
    if positional and positional[0] is binding.stmt and isinstance(ctx.parents.get(func), ast.ClassDef):
        return None
    return binding.stmt


def _packed(ctx: Context, argument: ast.arg) -> bool:
    """The parameter is a function's `*args` or `**kwargs`."""
    func = ctx.scope_of(argument)
    return isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
        and (argument is func.args.vararg or argument is func.args.kwarg)


def _enclosing_parameter_owner(ctx: Context, use: ast.Name) -> ast.AST | None:
    """The innermost function or lambda around the use (its own, or one it is nested in) with a parameter
    of its name; None when none has one: a name resolves in the scopes around it only, so then no binding
    that reaches it is a parameter (and the walk of its function is saved)."""
    scope = ctx.scope_of(use)
    while True:
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) \
                and any(a.arg == use.id for a in (*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs,
                                                   scope.args.vararg, scope.args.kwarg) if a is not None):
            return scope
        outer = ctx.scope_of(scope)
        if isinstance(scope, ast.Module) or outer is scope:
            return None
        scope = outer


def _self_in_body(ctx: Context, func: ast.AST, use: ast.Name) -> bool:
    """The use is in the body of the method `func` and names its first parameter (`self`, `cls`): the name
    is local there, so what reaches it is that parameter or a binding of the body, neither a parameter
    whose callers' values are followed."""
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(ctx.parents.get(func), ast.ClassDef):
        return False
    positional = [*func.args.posonlyargs, *func.args.args]
    first = func.body[0]
    return bool(positional) and positional[0].arg == use.id \
        and (use.lineno, use.col_offset) >= (first.lineno, first.col_offset)  # not a default or an annotation


def _parameter_names(ctx: Context) -> frozenset[str]:
    """The names of every parameter the file writes, found once a check."""
    return ctx.once("parameter names", ctx.module, lambda: frozenset(a.arg for a in ctx.nodes(ast.arg)))


def _assigned_spelling(ctx: Context, setup: ast.Call) -> str | None:
    """`model` of `model = fabric.setup_module(...)`: the name the set-up module is kept in."""
    stmt = ctx.statement_of(setup)
    if isinstance(stmt, ast.Assign) and stmt.value is setup and len(stmt.targets) == 1:
        return _spelling(stmt.targets[0])
    return None


def _marked_on(ctx: Context, setup: ast.Call, method: str) -> bool:
    """`x.mark_forward_method("method")` in the module of the set-up call, on what holds its result."""
    for call, on in ctx.method_calls("mark_forward_method"):
        names = _names_marked(ctx, call)
        if (names is None or method in names) and any(v.kind == "setup_module" and v.node is setup for v in ctx.values(on)):
            return True
    return False


def _setup_holders(ctx: Context) -> set[str]:
    """Names (`model`) and attributes of `self` (`self.model`) assigned the result of a `setup_module`/`setup`
    call, as spelled, found once: a file's other method calls are not followed through the value flow."""
    names: set[str] = set()
    for method in ("setup_module", "setup"):
        for call, _receiver in ctx.method_calls(method):
            stmt = ctx.statement_of(call)
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
                    spelled = _spelling(first)
                    if spelled is not None:
                        names.add(spelled)
    return names


def _spelling(expr: ast.expr) -> str | None:
    """`model` for a name, `self.model` for an attribute of `self`: the receivers followed; None otherwise."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
        return f"self.{expr.attr}"
    return None


def _xla_fsdp_setup(ctx: Context, receiver: ast.expr) -> tuple[ast.Call, Context] | None:
    """The XLAFSDP `fabric.setup_module(m)`/`fabric.setup(m)` call the receiver holds on every path, with
    the context of the module it is written in (this one, or a caller's that passes the set-up model)."""
    values = ctx.values(receiver)
    if len(values) != 1 or values[0].kind != "setup_module" or values[0].when:
        return None
    owner = values[0].flow.ctx if values[0].foreign and values[0].flow is not None else ctx
    if values[0].foreign and owner is ctx:
        return None
    setup = values[0].node
    if not (isinstance(setup, ast.Call) and isinstance(setup.func, ast.Attribute) and len(setup.args) == 1
            and fabric_kind(owner, setup.func.value) == XLA_FSDP):
        return None
    return setup, owner


def _method_names(ctx: Context) -> set[str]:
    """The names `plain_method` finds in some class of the file."""
    names: set[str] = set()
    for cls in ctx.nodes(ast.ClassDef):
        for stmt in cls.body:
            if isinstance(stmt, ast.FunctionDef) and plain_method(cls, stmt.name) is not None:
                names.add(stmt.name)
    return names


def _what_it_uses(method: ast.FunctionDef, cls: ast.ClassDef, depth: int = 0) -> tuple[bool, bool]:
    """(calls one of its layers or itself, reads its parameters) through `self`; a plain method of the class it
    calls (`self.reset_metrics()`) is read for what it uses, `MAX_METHODS_READ` deep, and an attribute the class
    only ever binds to a display or a constant (`self._losses = {...}`) is no layer."""
    layers = parameters = False
    data = _data_attributes(cls)
    for node in ast.walk(method):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "self":
            layers = True
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            called = plain_method(cls, func.attr)
            if func.attr in PARAMETER_METHODS:
                parameters = True
            elif called is not None and called is not method and depth < MAX_METHODS_READ:
                inner = _what_it_uses(called, cls, depth + 1)
                layers, parameters = layers or inner[0], parameters or inner[1]
            elif func.attr in data:
                continue
            elif not func.attr.startswith("_") and func.attr not in ("modules", "children", "named_modules"):
                layers = True  # `self.head(x)`, `self.blocks(x)`: a submodule (or a method that may run them)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) \
                and isinstance(func.value.value, ast.Name) and func.value.value.id == "self" \
                and func.value.attr not in data:
            layers = True  # `self.blocks.forward(x)`, `self.head.weight.t()`
    return layers, parameters


MAX_METHODS_READ = 3  # plain methods followed from the one called (`self.reset_metrics()` in `on_epoch_end`)
DATA_VALUES = (ast.Dict, ast.List, ast.Set, ast.Tuple, ast.Constant, ast.DictComp, ast.ListComp, ast.SetComp,
               ast.JoinedStr)


def _data_attributes(cls: ast.ClassDef) -> frozenset[str]:
    """The attributes every store of the class's methods binds to a display or a constant (`self._losses = {...}`):
    plain data, never a layer."""
    stores: dict[str, bool] = {}
    for method in cls.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or not method.args.args:
            continue
        owner = method.args.args[0].arg
        for node in ast.walk(method):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == owner:
                    value = getattr(node, "value", None)
                    plain = isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(value, DATA_VALUES) \
                        or isinstance(node, ast.AnnAssign) and isinstance(value, DATA_VALUES)
                    stores[target.attr] = stores.get(target.attr, True) and plain
    return frozenset(name for name, plain in stores.items() if plain)


def _marked(ctx: Context, receiver: ast.expr, method: str) -> bool:
    """`receiver.mark_forward_method("method")` (or the bound method) somewhere in the file, on a receiver
    spelled alike (`self.model` in any method of any class counts)."""
    spelled = _spelling(receiver)
    calls = (ctx.method_calls_on("mark_forward_method", receiver.id) if isinstance(receiver, ast.Name)
             else [call for call, on in ctx.method_calls("mark_forward_method") if _spelling(on) == spelled])
    for call in calls:
        names = _names_marked(ctx, call)
        if names is None or method in names:
            return True
    return isinstance(receiver, ast.Name) and _marked_by_a_helper(ctx, receiver.id, method)


def _marked_by_a_helper(ctx: Context, name: str, method: str) -> bool:
    """`register_forward_methods(model, settings.SAMPLING)`: a function (of this module or another) given the
    model, whose body marks a method on that parameter, may mark this one (its names read where it is written)."""
    for call in ctx.nodes(ast.Call):
        given = [i for i, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == name]
        keywords = [k.arg for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.value.id == name]
        if not given and not keywords:
            continue
        for value in ctx.values(call.func):
            func = value.node
            owner = ctx.owner_of(value)
            if value.kind != "function" or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or owner is None:
                continue
            params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
            receivers = {params[i] for i in given if i < len(params)} | set(keywords)
            for mark, on in owner.method_calls("mark_forward_method"):
                if isinstance(on, ast.Name) and on.id in receivers and owner.within(mark, func):
                    names = _names_marked(owner, mark)
                    if names is None or method in names:
                        return True
    return False


def _names_marked(ctx: Context, call: ast.Call) -> set[str] | None:
    """The method names a `mark_forward_method(...)` call marks: the string written there, or a bound method
    (`model.generate`, `Net.generate`: a method some class of the file defines); each string the value flow
    gives (`name = "generate" if ... else "sample"`, each element of a known tuple a loop marks in turn); None
    when the name cannot be read: it may be any."""
    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "method"), None)
    if arg is None or isinstance(arg, ast.Starred):
        return None
    if isinstance(arg, ast.Constant):
        return {arg.value} if isinstance(arg.value, str) else None
    items = ctx.flow.loop_items(arg) if isinstance(arg, ast.Name) else None
    if items is not None and not items:
        return set()  # a loop over a known empty tuple (`FORWARD_METHODS = ()`) marks nothing
    values = [v for element in items for v in element] if items is not None else list(ctx.values(arg))
    if isinstance(arg, ast.Attribute) and not any(v.kind == "str" for v in values):
        bound = arg.attr in _method_names(ctx) or bool(values) and all(v.kind in ("function", "method") for v in values)
        return {arg.attr} if bound else None
    strings = [v.node.value for v in values
               if v.kind == "str" and isinstance(v.node, ast.Constant) and isinstance(v.node.value, str)]
    return set(strings) if values and len(strings) == len(values) else None


RULE = MethodOutsideForward()


def _method_calls(ctx: Context, holders: set[str]) -> Iterator[tuple[ast.Call, ast.Attribute]]:
    """Each call of a method read off an object (`model.generate(...)`), and each method of a set-up module's
    holder or of a parameter handed as a value to a function of this module that calls the parameter it lands in
    (`collect(env, q_network.act)` with `policy(obs)` in `collect`): the call, and the method as written."""
    parameters = _parameter_names(ctx) - {"self", "cls"}  # (a method of the object itself is no set-up module's)
    for call in ctx.nodes(ast.Call):
        if isinstance(call.func, ast.Attribute):
            yield call, call.func
        elif any(isinstance(a, ast.Attribute) and (_spelling(a.value) in holders or _spelling(a.value) in parameters)
                 for a in (*call.args, *(k.value for k in call.keywords))):
            yield from ((call, method) for method in _methods_handed_over(ctx, call))


def _methods_handed_over(ctx: Context, call: ast.Call) -> list[ast.Attribute]:
    """The methods (`q_network.act`) a call by name of a plain function of the module's top level (the one its
    name holds on every path) passes for parameters the function calls (`policy(obs)`)."""
    func = _top_level_functions(ctx).get(call.func.id) if isinstance(call.func, ast.Name) else None
    if func is None:
        return []
    positional = [*func.args.posonlyargs, *func.args.args]
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > len(positional):
        return []
    named = {a.arg: a for a in (*func.args.args, *func.args.kwonlyargs)}
    pairs = [*zip(call.args, positional), *((k.value, named[k.arg]) for k in call.keywords if k.arg in named)]
    called = _parameters_called(ctx).get(func, ())
    handed = [given for given, param in pairs if isinstance(given, ast.Attribute) and param.arg in called]
    if not handed:
        return []
    held = ctx.values(call.func)  # (looked up last: most calls hand over no method)
    return handed if len(held) == 1 and held[0].node is func and not held[0].when else []


def _parameters_called(ctx: Context) -> dict[ast.AST, set[str]]:
    """The parameters each function of the file calls by name in its own body (`policy(obs)`), found once."""
    def find() -> dict[ast.AST, set[str]]:
        parameters = _parameter_names(ctx)
        out: dict[ast.AST, set[str]] = {}
        for call in ctx.nodes(ast.Call):
            if isinstance(call.func, ast.Name) and call.func.id in parameters:
                func = ctx.enclosing_function(call)
                if func is not None:
                    out.setdefault(func, set()).add(call.func.id)
        return out
    found: dict[ast.AST, set[str]] = ctx.once("parameters called", ctx.module, find)
    return found


def _top_level_functions(ctx: Context) -> dict[str, ast.FunctionDef]:
    """The plain functions of the module's top level by name (a name defined twice left out), found once."""
    def find() -> dict[str, ast.FunctionDef]:
        defs = [s for s in ctx.module.body if isinstance(s, ast.FunctionDef)]
        names = [d.name for d in defs]
        return {d.name: d for d in defs if names.count(d.name) == 1}
    found: dict[str, ast.FunctionDef] = ctx.once("top-level functions", ctx.module, find)
    return found
