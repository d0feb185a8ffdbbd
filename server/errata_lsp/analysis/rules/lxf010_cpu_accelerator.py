"""LXF010: `Fabric(accelerator="cpu")` with XLAFSDPStrategy.

The connector does not reject the pair: `Fabric(...)` succeeds. But XLAFSDPStrategy always runs on
the XLA device (`root_device` is `xm.xla_device()`), and at `fabric.launch(fn)` the worker's
`setup_environment` asks the CPU accelerator to set that device up: `CPUAccelerator.setup_device`
raises `ValueError: Device should be CPU, got xla:0 instead.` (`accelerators/cpu.py` l.34), before
`fn` runs. (`strategy="fsdp"` with `accelerator="cpu"` is the CUDA FSDPStrategy, another error.)

Silent when the strategy object carries its own accelerator: Fabric then raises LXF011's
"accelerator set through both" first.

The fix asks for the TPU (`accelerator="tpu"`), or drops the flag so "auto" picks it on a TPU VM;
both change the device the program runs on: unsafe.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Arg, Context
from ..findings import Safety
from ..rule import Invalid, Rule, Valid, call_items, dict_items, fix, remove_argument, replace

CPU_ACCELERATOR = ("lightning.fabric.accelerators.CPUAccelerator", "lightning.fabric.accelerators.cpu.CPUAccelerator")
STRATEGY_ACCELERATOR_POSITION = 0  # XLAFSDPStrategy(accelerator, ...)


class CpuAccelerator(Rule):
    code = "LXF010"
    record = "c0493f36fd7bbfc4"
    name = "cpu-accelerator"
    summary = "XLAFSDPStrategy cannot run with `accelerator='cpu'`"
    triggers = ("cpu", "CPUAccelerator")
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='cpu', strategy=XLAFSDPStrategy())\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n",
            message="Device should be CPU, got xla:0 instead.",
            count=1, at="3:29-3:34", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            'fabric = L.Fabric(strategy="xla_fsdp", accelerator="cpu", devices=8)\n',
            fixed="import lightning as L\n"
            'fabric = L.Fabric(strategy="xla_fsdp", devices=8)\n',
            fix="Remove `accelerator=\"cpu\"` (\"auto\" picks the TPU)",
            count=1, at="2:52-2:57", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "from lightning_fabric.accelerators import CPUAccelerator\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "strategy = S(auto_wrap_policy={Block})\n"
            "fabric = Fabric(accelerator=CPUAccelerator(), strategy=strategy)\n",
            fixed="from lightning_fabric import Fabric\n"
            "from lightning_fabric.accelerators import CPUAccelerator\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "strategy = S(auto_wrap_policy={Block})\n"
            "fabric = Fabric(accelerator=\"tpu\", strategy=strategy)\n",
            count=1, at="5:29-5:45", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "opts = {'accelerator': 'cpu', 'devices': 4}\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy(), **opts)\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "opts = {'accelerator': 'tpu', 'devices': 4}\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy(), **opts)\n",
            count=1, at="3:24-3:29", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
              "b = Fabric(accelerator='cpu', strategy='ddp', devices=2)\n"
              "c = Fabric(accelerator='cpu', strategy='fsdp')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = Fabric(accelerator='cpu', strategy=FSDPStrategy())\n"),
        Valid("from lightning.fabric import Fabric\n"
              "class XLAFSDPStrategy:\n    pass\n"
              "a = Fabric(accelerator='cpu', strategy=XLAFSDPStrategy())\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.accelerators import XLAAccelerator\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = Fabric(accelerator='cpu', strategy=XLAFSDPStrategy(accelerator=XLAAccelerator()))\n"
              "def run(accelerator):\n    return Fabric(accelerator=accelerator, strategy=XLAFSDPStrategy())\n"),
    )

    def check(self, ctx: Context):
        for call in ctx.fabric_calls:
            args, _ = ctx.keyword_args(call)
            accelerator = args.get("accelerator")
            if accelerator is None:
                continue
            value = ctx.value_of(accelerator.value)
            is_string = isinstance(value, ast.Constant) and value.value == "cpu"
            is_object = isinstance(value, ast.Call) and ctx.resolve(value.func) in CPU_ACCELERATOR
            if not (is_string or is_object) or ctx.fabric_strategy(call) != XLA_FSDP:
                continue
            if strategy_accelerators(ctx, args.get("strategy")) != []:
                continue  # the strategy has its own accelerator (LXF011), or the file cannot tell
            message = (
                "XLAFSDPStrategy runs on the XLA device, not on the CPU: `fabric.launch` fails with "
                "`ValueError: Device should be CPU, got xla:0 instead.` before your function runs. "
                "Use `accelerator=\"tpu\"` (or \"auto\" on a TPU VM), or a CPU strategy such as \"ddp\" to debug on CPU"
            )
            yield self.finding(ctx, accelerator.value, message, self._fixes(ctx, call, accelerator, value))

    def _fixes(self, ctx: Context, call: ast.Call, accelerator: Arg, value: ast.AST) -> list:
        fixes = []
        if value is accelerator.value or ctx.only_use(accelerator.value):
            source = ctx.doc.source(value)
            quote = source[0] if isinstance(value, ast.Constant) and source[:1] in "'\"" else '"'
            fixes.append(fix(f"Use accelerator={quote}tpu{quote}", replace(ctx, value, f"{quote}tpu{quote}"),
                             safety=Safety.UNSAFE, preferred=True))
        removal = drop_argument(ctx, call, accelerator)
        if removal is not None:
            text = ctx.doc.source(accelerator.value)
            fixes.append(fix(f"Remove `accelerator={text}` (\"auto\" picks the TPU)", removal, safety=Safety.UNSAFE))
        return fixes


def strategy_accelerators(ctx: Context, strategy: Arg | None) -> list[ast.expr] | None:
    """The accelerators the XLAFSDPStrategy objects given to Fabric are built with (None: cannot tell)."""
    if strategy is None:
        return []
    calls = ctx.strategy_calls(strategy.value)
    if calls is None:
        return None
    found = []
    for call in calls:
        args, complete = ctx.keyword_args(call)
        if not complete or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        given = args["accelerator"].value if "accelerator" in args else call.args[0] if call.args else None
        if given is not None:
            value = ctx.value_of(given)
            if not (isinstance(value, ast.Constant) and value.value is None):
                found.append(given)
    return found


def drop_argument(ctx: Context, call: ast.Call, arg: Arg):
    """An edit that removes a keyword where it is spelled: in the call, a `**{...}` display or `**dict(...)`."""
    if arg.via is None:
        return remove_argument(ctx, call_items(call), arg.node)
    holder = ctx.parents.get(arg.node)
    if isinstance(holder, ast.Dict):
        items = dict_items(holder)
        return remove_argument(ctx, items, next(i for i in items if i.key is arg.node))
    if isinstance(holder, ast.Call):
        return remove_argument(ctx, call_items(holder), arg.node)
    return None


RULE = CpuAccelerator()
