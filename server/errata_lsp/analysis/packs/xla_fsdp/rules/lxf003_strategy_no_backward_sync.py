"""LXF003: `no_backward_sync` called on the strategy instead of on Fabric.

`fabric.strategy.no_backward_sync(...)` does not exist (AttributeError). The internal
`strategy._backward_sync_control.no_backward_sync(m, enabled)` raises the "Blocking backward sync"
TypeError for a raw module and for `fabric.setup`'s output alike: it works only on
`model._forward_module`, or as a no-op with a false `enabled` (False, 0, None).
`fabric.no_backward_sync(model)` on the set-up model is the API.
"""

# Python, not a `detect` section: three receivers (`fabric.strategy`, a strategy object kept
# elsewhere, the internal `_backward_sync_control`) with a message, severity and record each, the Fabric
# found through the name its `Fabric(strategy=...)` call is assigned to, and what the module passed to
# the internal control is (the set-up output, a class call).

from __future__ import annotations

import ast
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Fix, Severity
from ....rule import Invalid, Rule, Valid, fix, replace
from ....values import Value
from ...lightning.fabric import XLA_FSDP, fabric_calls, fabric_kind, fabric_strategy, strategy_kind

NO_ATTRIBUTE_RECORD = "e2eda8933f803fe4"  # AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'


class StrategyNoBackwardSync(Rule):
    code = "LXF003"
    record = "5bae6b842267fa0d"
    name = "strategy-no-backward-sync"
    summary = "Call `fabric.no_backward_sync(model)`, not the strategy's"
    severity = Severity.ERROR
    triggers = ("no_backward_sync",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    strategy = fabric.strategy\n"
            "    with strategy.no_backward_sync(model, enabled=True):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    strategy = fabric.strategy\n"
            "    with fabric.no_backward_sync(model, enabled=True):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`XLAFSDPStrategy` object has no attribute `no_backward_sync`",
            count=1, at="5:10-5:35", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
            "model = fabric.setup(MyModel())\n"
            "with fabric.strategy.no_backward_sync(model, enabled=True):\n"
            "    ...\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
            "model = fabric.setup(MyModel())\n"
            "with fabric.no_backward_sync(model, enabled=True):\n"
            "    ...\n",
            message="has no attribute",
            count=1, at="5:6-5:38", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "model = fabric.setup(net)\n"
            "with fabric.strategy._backward_sync_control.no_backward_sync(model, True):\n"
            "    loss.backward()\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "model = fabric.setup(net)\n"
            "with fabric.no_backward_sync(model, True):\n"
            "    loss.backward()\n",
            message="Got: _FabricModule",
            count=1, at="4:6-4:61", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy()\n"
            "fabric = L.Fabric(strategy=strategy, accelerator='tpu')\n"
            "def train(fabric, model):\n"
            "    model = fabric.setup_module(model)\n"
            "    with strategy._backward_sync_control.no_backward_sync(model._forward_module, enabled=acc):\n"
            "        pass\n",
            fixed="import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy()\n"
            "fabric = L.Fabric(strategy=strategy, accelerator='tpu')\n"
            "def train(fabric, model):\n"
            "    model = fabric.setup_module(model)\n"
            "    with fabric.no_backward_sync(model, enabled=acc):\n"
            "        pass\n",
            count=1, at="6:10-6:58", severity="information",
        ),
        Invalid(
            "import lightning as L\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "class Trainer:\n"
            "    def __init__(self):\n"
            "        self.strategy = XLAFSDPStrategy(auto_wrap_policy={Block})\n"
            "        self.fabric = L.Fabric(accelerator='tpu', strategy=self.strategy)\n"
            "    def step(self, model):\n"
            "        with self.strategy.no_backward_sync(model, enabled=True):\n"
            "            pass\n",
            fixed="import lightning as L\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "class Trainer:\n"
            "    def __init__(self):\n"
            "        self.strategy = XLAFSDPStrategy(auto_wrap_policy={Block})\n"
            "        self.fabric = L.Fabric(accelerator='tpu', strategy=self.strategy)\n"
            "    def step(self, model):\n"
            "        with self.fabric.no_backward_sync(model, enabled=True):\n"
            "            pass\n",
            message="`XLAFSDPStrategy` object has no attribute `no_backward_sync`",
            count=1, at="8:14-8:44", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    control = fabric.strategy._backward_sync_control\n"
            "    with control.no_backward_sync(model, True):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    control = fabric.strategy._backward_sync_control\n"
            "    with fabric.no_backward_sync(model, True):\n"
            "        pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Got: _FabricModule",
            count=1, at="5:10-5:34", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self, fabric):\n"
            "        self.fabric = fabric\n"
            "    @property\n"
            "    def strategy(self):\n"
            "        return self.fabric.strategy\n"
            "    def step(self, model):\n"
            "        with self.strategy.no_backward_sync(model, enabled=True):\n"
            "            pass\n"
            "def train(fabric):\n"
            "    Trainer(fabric).step(fabric.setup_module(Net()))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`XLAFSDPStrategy` object has no attribute `no_backward_sync`: use `fabric.no_backward_sync(model, "
            "enabled=...)` with the set-up model",
            count=1, at="9:14-9:44", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    control = fabric.strategy._backward_sync_control\n"
              "    with control.no_backward_sync(model, True):\n"
              "        pass\n"
              "Fabric(strategy='ddp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "model = fabric.setup(net)\n"
              "with fabric.no_backward_sync(model, enabled=True):\n    pass\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='ddp')\n"
              "with fabric.strategy._backward_sync_control.no_backward_sync(model, True):\n    pass\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "with trainer.strategy.no_backward_sync(model, enabled=True):\n    pass\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, receiver in ctx.method_calls("no_backward_sync"):
            receiver = _kept_control(ctx, receiver)
            if isinstance(receiver, ast.Attribute) and receiver.attr == "strategy" and fabric_kind(ctx, receiver.value):
                yield self._public_attribute(ctx, call, receiver)
            elif _holds_a_strategy(ctx, receiver):
                yield self._strategy_object(ctx, call, receiver)
            elif isinstance(receiver, ast.Attribute) and receiver.attr == "_backward_sync_control":
                finding = self._control(ctx, call, receiver.value)
                if finding is not None:
                    yield finding

    def _public_attribute(self, ctx: Context, call: ast.Call, receiver: ast.Attribute) -> Finding:
        fabric = ctx.doc.source(receiver.value)
        message = (
            f"`{type_name(ctx, receiver.value)}` object has no attribute `no_backward_sync`: "
            f"use `{fabric}.no_backward_sync(model, enabled=...)` with the set-up model"
        )
        return self.finding(ctx, call.func, message, [self._rewrite(ctx, call, fabric)], record=NO_ATTRIBUTE_RECORD)

    def _strategy_object(self, ctx: Context, call: ast.Call, receiver: ast.expr) -> Finding:
        """A strategy object kept elsewhere (`self.strategy`, a name): no strategy has `no_backward_sync`."""
        fabric = self._fabric_built_with(ctx, receiver)
        kind = "XLAFSDPStrategy" if _runs_xla_fsdp(ctx, receiver) else "Strategy"
        use = f"`{fabric}.no_backward_sync(model, enabled=...)`" if fabric else "`fabric.no_backward_sync(model, enabled=...)`"
        message = f"`{kind}` object has no attribute `no_backward_sync`: use {use} with the set-up model"
        fixes = [self._rewrite(ctx, call, fabric)] if fabric else []
        return self.finding(ctx, call.func, message, fixes, record=NO_ATTRIBUTE_RECORD)

    def _control(self, ctx: Context, call: ast.Call, strategy: ast.AST) -> Finding | None:
        if strategy_kind(ctx, strategy) != XLA_FSDP or not call.args:
            return None
        module = call.args[0]
        enabled = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "enabled"), None)
        fabric = self._fabric_for(ctx, strategy)
        fixes = [self._rewrite(ctx, call, fabric)] if fabric else []
        unwrapped = isinstance(module, ast.Attribute) and module.attr == "_forward_module"
        # Lightning returns a no-op for `if not enabled`: 0, None and "" too, not only False
        disabled = isinstance(enabled, ast.Constant) and not enabled.value
        if unwrapped or disabled:
            why = "passes the wrapped module by hand" if unwrapped else f"is a no-op with `enabled={ctx.doc.source(enabled)}`"  # type: ignore[arg-type]
            return self.finding(ctx, call.func, f"This internal call {why}: `fabric.no_backward_sync(model)` says it plainly",
                                fixes, Severity.INFORMATION)
        got = _not_xla_fsdp(ctx, module)
        if got is None:
            return None  # the file cannot tell that it is not an XlaFullyShardedDataParallel
        message = (
            "Blocking backward sync is only possible if the module passed to "
            "`_XLAFSDPBackwardSyncControl.no_backward_sync` is wrapped in `XlaFullyShardedDataParallel`. "
            f"Got: {got}. Use `fabric.no_backward_sync(model)`"
        )
        return self.finding(ctx, call.func, message, fixes)

    def _fabric_for(self, ctx: Context, strategy: ast.AST) -> str | None:
        """The source text of the Fabric that owns `strategy`: `fabric` for `fabric.strategy`,
        else the name a `Fabric(strategy=<this object>)` call is bound to."""
        if isinstance(strategy, ast.Attribute) and strategy.attr == "strategy":
            return ctx.doc.source(strategy.value)
        return self._fabric_built_with(ctx, strategy) if isinstance(strategy, ast.Name) else None

    def _fabric_built_with(self, ctx: Context, strategy: ast.AST) -> str | None:
        """The name or attribute a `Fabric(strategy=<strategy, spelled the same>)` call is assigned to."""
        if not isinstance(strategy, (ast.Name, ast.Attribute)):
            return None
        spelled = ctx.doc.source(strategy)
        by_strategy = ctx.once("fabric_calls_by_strategy", ctx.module, lambda: _fabric_calls_by_strategy(ctx))
        for call in by_strategy.get(spelled, []):
            parent = ctx.parents.get(call)
            target = parent.targets[0] if isinstance(parent, ast.Assign) and len(parent.targets) == 1 else None
            # a plain name, or `self.fabric` (read through `self` where the strategy is read the same way)
            if isinstance(target, ast.Name) or isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id == "self" and spelled.startswith("self."):
                return ctx.doc.source(target)
        return None

    def _rewrite(self, ctx: Context, call: ast.Call, fabric: str) -> Fix:
        edits = [replace(ctx, call.func, f"{fabric}.no_backward_sync")]
        module = call.args[0] if call.args else None
        if isinstance(module, ast.Attribute) and module.attr == "_forward_module":
            edits.append(replace(ctx, module, ctx.doc.source(module.value)))
        return fix(f"Use {fabric}.no_backward_sync", *edits, preferred=True)


def _fabric_calls_by_strategy(ctx: Context) -> dict[str, list[ast.Call]]:
    """`Fabric(strategy=<name or attribute>)` calls by how they spell the strategy, in document order."""
    table: dict[str, list[ast.Call]] = {}
    for call in fabric_calls(ctx):
        args, _ = ctx.keyword_args(call)
        given = args.get("strategy")
        if given is not None and isinstance(given.value, (ast.Name, ast.Attribute)):
            table.setdefault(ctx.doc.source(given.value), []).append(call)
    return table


def _kept_control(ctx: Context, receiver: ast.expr) -> ast.expr:
    """`control = fabric.strategy._backward_sync_control` (or `strategy = fabric.strategy`) then
    `control.no_backward_sync(...)`: the attribute the name was bound to, when that one binding reaches
    the call; the receiver otherwise."""
    binding = ctx.reaching(receiver) if isinstance(receiver, ast.Name) else None
    if binding is not None and isinstance(binding.target, ast.Name) and isinstance(binding.value, ast.Attribute) \
            and binding.value.attr in ("_backward_sync_control", "strategy") and len(ctx.values(receiver)) == 1:
        return binding.value
    return receiver


def _holds_a_strategy(ctx: Context, receiver: ast.expr) -> bool:
    """Every value the receiver can hold is a Lightning strategy object: one built, or a Fabric's `strategy`
    read elsewhere (a property returning `self.fabric.strategy`)."""
    values = ctx.values(receiver)
    return bool(values) and all(v.kind in ("strategy", "fabric_strategy") for v in values)


def _runs_xla_fsdp(ctx: Context, receiver: ast.expr) -> bool:
    """The strategy object is an XLAFSDPStrategy: built as one, or the `strategy` of Fabrics that all run one."""
    if strategy_kind(ctx, receiver) == XLA_FSDP:
        return True
    kinds = set()
    for value in ctx.values(receiver):
        fabric = value.extra if value.kind == "fabric_strategy" else None
        if not isinstance(fabric, Value) or fabric.kind != "fabric" or not isinstance(fabric.node, ast.Call):
            return False
        kinds.add(fabric_strategy(fabric.flow.ctx if fabric.flow is not None else ctx, fabric.node))
    return kinds == {XLA_FSDP}


def type_name(ctx: Context, fabric: ast.AST) -> str:
    return "XLAFSDPStrategy" if fabric_kind(ctx, fabric) == XLA_FSDP else "Strategy"


def _not_xla_fsdp(ctx: Context, module: ast.AST) -> str | None:
    """What `module` is when the file shows it is not an XlaFullyShardedDataParallel: the set-up
    `_FabricModule`, or a module built by a class call; None when it cannot tell (a parameter, an
    attribute, a factory function's result, a mock, an XLA FSDP wrapper)."""
    if _is_setup_output(ctx, module):
        return "_FabricModule"
    value, owner = ctx.value_where(module)  # a module another module builds is read there
    if not isinstance(value, ast.Call):
        return None
    callee = owner.resolve(value.func) or owner.doc.source(value.func)
    last = callee.rsplit(".", 1)[-1]
    if not last[:1].isupper() or "Mock" in callee or "mock" in callee.split(".") or "FullySharded" in callee or "FSDP" in last:
        return None
    return "the raw module's class"


def _is_setup_output(ctx: Context, module: ast.AST) -> bool:
    value, owner = ctx.value_where(module)
    return (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("setup", "setup_module") and fabric_kind(owner, value.func.value) is not None
    )


RULE = StrategyNoBackwardSync()
