"""LXF016: `fabric.launch()` with no function under XLAFSDP.

XLAFSDPStrategy uses the `_XLALauncher`, which starts the workers with torch_xla's `xmp.spawn`: they
run a function, they cannot carry on with the script after the `launch()` line the way torchrun-style
launchers do. So `Fabric.launch` raises TypeError "To spawn processes with the `XLAFSDPStrategy`
strategy, `.launch()` needs to be called with a function ..." (fabric.py l.1006) when no function is
given, the DDP idiom `fabric.launch()` followed by module-level training code. A `*args` or
`**kwargs` that may carry the function keeps the rule silent. There is no mechanical fix: the
training code has to move into a function `fn(fabric)` passed as `fabric.launch(fn)`.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Context
from ..findings import Severity
from ..rule import Invalid, Rule, Valid


class LaunchWithoutFunction(Rule):
    code = "LXF016"
    record = "cd66f7afcab1c7bf"
    name = "launch-without-function"
    summary = "Under XLAFSDP, `fabric.launch` needs the function to run in each process"
    severity = Severity.ERROR
    triggers = ("launch",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
            "fabric.launch()\n"
            "model = fabric.setup_module(Net())\n",
            message="needs to be called with a function",
            count=1, at="4:1-4:16", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "def main():\n"
            "    fabric = L.Fabric(accelerator='tpu', strategy='fsdp')\n"
            "    fabric.launch()\n",
            count=1, at="4:5-4:20", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "def train(fabric):\n    pass\n"
              "fabric.launch(train)\n"
              "fabric.launch(function=train)\n"
              "fabric.launch(*launch_args)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='fsdp', accelerator='cuda', devices=4)\n"
              "fabric.launch()\n"),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "rocket.launch()\n"),
    )

    def check(self, ctx: Context):
        for call, fabric in ctx.method_calls("launch"):
            if call.args or any(kw.arg in ("function", None) for kw in call.keywords):
                continue
            if ctx.fabric_kind(fabric) != XLA_FSDP:
                continue
            message = (
                "To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a "
                "function that contains the code to launch in processes: Fabric raises TypeError. Move the training "
                f"code into `def train(fabric): ...` and call `{ctx.doc.source(fabric)}.launch(train)`"
            )
            yield self.finding(ctx, call, message)


def launch_target(call: ast.Call) -> ast.expr | None:
    """The function given to `launch`: first positional argument or `function=`."""
    if call.args:
        return None if isinstance(call.args[0], ast.Starred) else call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "function"), None)


RULE = LaunchWithoutFunction()
