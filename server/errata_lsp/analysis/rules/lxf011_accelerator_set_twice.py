"""LXF011: an accelerator given both to XLAFSDPStrategy and to Fabric's `accelerator=` flag.

When `Fabric(strategy=...)` gets a strategy object whose `_accelerator` is set, the connector
requires the accelerator flag to be "auto" (`connector.py` l.265) and otherwise raises
`ValueError: accelerator set through both strategy class and accelerator flag, choose one` inside
`Fabric(...)`. It does not matter whether the two agree: `XLAFSDPStrategy(accelerator=XLAAccelerator())`
with `accelerator="tpu"` raises too. `accelerator=None` on the strategy is no accelerator. A flag
Fabric does not know (or None) fails earlier with "You selected an invalid accelerator name", so only
the registered names ("cpu", "cuda", "gpu", "mps", "tpu") and Accelerator objects are flagged.

The fix removes the Fabric flag, so the strategy's accelerator is used (it decides the device: unsafe);
removing the strategy's `accelerator=` is offered too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..context import XLA_FSDP, Context
from ..findings import Finding, Fix, Safety
from ..pack import CPU_ACCELERATOR, drop_argument, strategy_accelerators
from ..rule import Invalid, Rule, Valid, call_items, fix, remove_argument, short

FLAG_NAMES = ("cpu", "cuda", "gpu", "mps", "tpu")


class AcceleratorSetTwice(Rule):
    code = "LXF011"
    record = "9e2c9b2c29c6486b"
    name = "accelerator-set-twice"
    summary = "Give the accelerator either to XLAFSDPStrategy or to `Fabric(accelerator=...)`, not both"
    triggers = ("accelerator",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.accelerators import XLAAccelerator\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.accelerators import XLAAccelerator\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n",
            message="accelerator set through both strategy class and accelerator flag, choose one",
            count=1, at="4:17-4:34", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(accelerator=L.fabric.accelerators.XLAAccelerator())\n"
            "fabric = L.Fabric(\n"
            "    strategy=strategy,\n"
            "    accelerator='cpu',\n"
            "    devices=8,\n"
            ")\n",
            fixed="import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(accelerator=L.fabric.accelerators.XLAAccelerator())\n"
            "fabric = L.Fabric(\n"
            "    strategy=strategy,\n"
            "    devices=8,\n"
            ")\n",
            count=1, at="5:5-5:22", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "from lightning_fabric.accelerators import XLAAccelerator\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "fabric = Fabric(strategy=S(accelerator=XLAAccelerator(), state_dict_type='full'), accelerator='tpu')\n",
            fixed="from lightning_fabric import Fabric\n"
            "from lightning_fabric.accelerators import XLAAccelerator\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "fabric = Fabric(strategy=S(state_dict_type='full'), accelerator='tpu')\n",
            fix="Remove `accelerator=` from the strategy",
            count=1, at="4:83-4:100", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.accelerators import XLAAccelerator\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make():\n    return XLAFSDPStrategy(XLAAccelerator())\n"
            "fabric = Fabric(strategy=make(), accelerator=XLAAccelerator())\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.accelerators import XLAAccelerator\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make():\n    return XLAFSDPStrategy(XLAAccelerator())\n"
            "fabric = Fabric(strategy=make())\n",
            count=1, at="6:34-6:62", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.accelerators import XLAAccelerator\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = Fabric(strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n"
              "b = Fabric(strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()), accelerator='auto')\n"
              "c = Fabric(strategy=XLAFSDPStrategy(accelerator=None), accelerator='tpu')\n"
              "d = Fabric(strategy=XLAFSDPStrategy(), accelerator='tpu')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.accelerators import CUDAAccelerator\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = Fabric(strategy=FSDPStrategy(accelerator=CUDAAccelerator()), accelerator='cuda')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "a = Fabric(strategy=XLAFSDPStrategy(accelerator=acc), accelerator='tpu')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def run(flag, acc):\n    return Fabric(strategy=XLAFSDPStrategy(accelerator=acc), accelerator=flag)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.fabric_calls:
            args, _ = ctx.keyword_args(call)
            flag = args.get("accelerator")
            if flag is None or "strategy" not in args:
                continue
            value = ctx.value_of(flag.value)
            named = isinstance(value, ast.Constant) and value.value in FLAG_NAMES
            if not named and not isinstance(value, ast.Call):
                continue  # "auto", a variable, or a value Fabric rejects on its own
            if ctx.fabric_strategy(call) != XLA_FSDP:
                continue
            given = strategy_accelerators(ctx, args["strategy"])
            if not given or not all(isinstance(ctx.value_of(g), ast.Call) for g in given):
                continue  # no accelerator on the strategy, or one the file cannot read
            message = (
                "accelerator set through both strategy class and accelerator flag, choose one: `Fabric(...)` raises "
                f"ValueError because the strategy already has `{short(ctx.doc.source(given[0]))}` "
                f"and the flag is `{ctx.doc.source(flag.value)}` (only \"auto\" is allowed then)"
            )
            fixes = []
            removal = drop_argument(ctx, call, flag)
            if removal is not None:
                fixes.append(fix(f"Remove `accelerator={ctx.doc.source(flag.value)}` from Fabric", removal,
                                 safety=Safety.UNSAFE, preferred=True))
            strategy_fix = _drop_from_strategy(ctx, args["strategy"].value, given)
            cpu = value.value == "cpu" if named else ctx.resolve(value.func) in CPU_ACCELERATOR  # type: ignore[attr-defined, operator]
            if strategy_fix is not None and not cpu:  # with the CPU flag left, launch fails instead (LXF010)
                fixes.append(strategy_fix)
            yield self.finding(ctx, flag.node if isinstance(flag.node, ast.keyword) else flag.value, message, fixes)


def _drop_from_strategy(ctx: Context, strategy: ast.AST, given: list[ast.expr]) -> Fix | None:
    """Remove `accelerator=...` from the one XLAFSDPStrategy(...) call written in the Fabric call."""
    if len(given) != 1 or not isinstance(strategy, ast.Call):
        return None
    keyword = ctx.parents.get(given[0])
    if not isinstance(keyword, ast.keyword) or ctx.parents.get(keyword) is not strategy:
        return None
    return fix("Remove `accelerator=` from the strategy", remove_argument(ctx, call_items(strategy), keyword),
               safety=Safety.UNSAFE)


RULE = AcceleratorSetTwice()
