"""LXF009: a checkpoint plugin other than `XLACheckpointIO` used with XLAFSDPStrategy.

The `checkpoint_io` setter of XLAFSDPStrategy accepts only None or an `XLACheckpointIO` (which saves
through `xm.save`, moving tensors off the XLA device) and raises TypeError otherwise (`xla_fsdp.py`
l.140). `XLAFSDPStrategy(checkpoint_io=...)` itself stores the plugin without the setter
(`Strategy.__init__`); the check runs when Fabric's connector assigns it in `_lazy_init_strategy`, so
both `Fabric(strategy=XLAFSDPStrategy(checkpoint_io=TorchCheckpointIO()))` and
`Fabric(strategy=XLAFSDPStrategy(), plugins=[TorchCheckpointIO()])` raise at the `Fabric(...)` line.
`XLACheckpointIO` derives from `TorchCheckpointIO`, not the other way round: a class of the file's own
derived from `TorchCheckpointIO` or `CheckpointIO` is rejected too.

Silent when `checkpoint_io` is set on both the strategy and `plugins` (Fabric raises "checkpoint_io set
through both strategy class and plugins" first).

`TorchCheckpointIO()` -> `XLACheckpointIO()` is what the strategy uses when given none: a safe fix.
"""

# Python, not a `detect` section: it reads two calls (the strategy's `checkpoint_io`, and an
# element of `Fabric(plugins=[...])`, counted against the other plugins), follows the file's own
# subclasses to the Lightning class, and its fix names `XLACheckpointIO` by adding it to the import that
# brought the plugin in.

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Fix, Safety, Severity
from ....rule import Invalid, Rule, Valid, fix, replace
from ....values import describe_when
from ...lightning.fabric import XLA_FSDP, fabric_calls, fabric_strategy
from ...lightning.names import XLAFSDP_STRATEGY
from ..plugins import (
    CHECKPOINT_IO,
    Item,
    Plugin,
    class_ref,
    conditions,
    fabric_plugins,
    plugin_of,
    strategy_argument,
    strategy_sets,
    taken_by_the_plain_run,
)


class NonXLACheckpointIO(Rule):
    code = "LXF009"
    record = "92bdc8d09b1b470a"
    name = "non-xla-checkpoint-io"
    summary = "XLAFSDPStrategy works only with the `XLACheckpointIO` plugin"
    triggers = ("CheckpointIO",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import TorchCheckpointIO\n"
            "plugins = []\n"
            "plugins.extend([TorchCheckpointIO()])\n"
            "fabric = Fabric(strategy='xla_fsdp', plugins=plugins)\n",
            message="found `TorchCheckpointIO()`: `Fabric(...)` raises TypeError when it hands the plugin to the strategy",
            count=1, at="4:17-4:36", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import TorchCheckpointIO\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), plugins=[TorchCheckpointIO()])\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), plugins=[XLACheckpointIO()])\n",
            message="The XLA strategy can only work with the `XLACheckpointIO` plugin, found `TorchCheckpointIO()`",
            count=1, at="4:73-4:92", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(checkpoint_io=L.fabric.plugins.io.TorchCheckpointIO())\n",
            fixed="import lightning as L\n"
            "strategy = L.fabric.strategies.XLAFSDPStrategy(checkpoint_io=L.fabric.plugins.io.XLACheckpointIO())\n",
            count=1, at="2:62-2:101", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.io.torch_io import TorchCheckpointIO\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "fabric = Fabric(strategy=S(checkpoint_io=TorchCheckpointIO()))\n",
            fixed="from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.io.torch_io import TorchCheckpointIO\n"
            "from lightning_fabric.plugins import XLACheckpointIO\n"
            "from lightning_fabric.strategies import XLAFSDPStrategy as S\n"
            "fabric = Fabric(strategy=S(checkpoint_io=XLACheckpointIO()))\n",
            count=1, at="4:42-4:61", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import TorchCheckpointIO\n"
            "class CloudIO(TorchCheckpointIO):\n    pass\n"
            "fabric = Fabric(strategy='xla_fsdp', plugins=CloudIO())\n",
            message="`CloudIO`, a `TorchCheckpointIO` subclass",
            count=1, at="5:46-5:55", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import XLACheckpointIO, TorchCheckpointIO\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "class CloudIO(XLACheckpointIO):\n    pass\n"
              "a = Fabric(strategy=XLAFSDPStrategy(), plugins=[XLACheckpointIO()])\n"
              "b = Fabric(strategy='xla_fsdp', plugins=[CloudIO()])\n"
              "c = Fabric(strategy='ddp', plugins=[TorchCheckpointIO()])\n"
              "d = XLAFSDPStrategy(checkpoint_io=XLACheckpointIO())\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import TorchCheckpointIO\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = FSDPStrategy(checkpoint_io=TorchCheckpointIO())\n"
              "b = Fabric(strategy=FSDPStrategy(), plugins=[TorchCheckpointIO()])\n"),
        Valid("from lightning.fabric.plugins import TorchCheckpointIO\n"
              "class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(checkpoint_io=TorchCheckpointIO())\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import TorchCheckpointIO\n"
              "def run(io):\n    return Fabric(strategy='xla_fsdp', plugins=[io])\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            written = strategy_argument(ctx, call, CHECKPOINT_IO)
            plugin = plugin_of(ctx, written, CHECKPOINT_IO, none=True) if written is not None else None
            if plugin is not None and plugin.lightning != CHECKPOINT_IO.ok:
                yield self._finding(ctx, Item(written, ctx, written), plugin,  # type: ignore[arg-type]
                                    "`Fabric(...)` raises TypeError when it is given this strategy")
        for call in fabric_calls(ctx):
            found = [(i, p) for i in fabric_plugins(ctx, call)
                     if (p := plugin_of(ctx, i.expr, CHECKPOINT_IO, i.owner)) is not None]
            bad = [f for f in found if f[1].lightning != CHECKPOINT_IO.ok]
            if len(found) != 1 or not bad or fabric_strategy(ctx, call) != XLA_FSDP:
                continue  # several: Fabric raises "Received multiple values" first
            if strategy_sets(ctx, call, CHECKPOINT_IO):
                continue  # "checkpoint_io set through both strategy class and plugins" first
            item, plugin = bad[0]
            yield self._finding(ctx, item, plugin, "`Fabric(...)` raises TypeError when it hands the plugin to the strategy")

    def _finding(self, ctx: Context, item: Item, plugin: Plugin, when: str) -> Finding:
        written = item.expr if item.owner is ctx else item.at
        what = (f"`{plugin.local}`, a `{plugin.lightning}` subclass" if plugin.local
                else f"`{plugin.held.source()}`") + plugin.where()
        message = (
            f"The XLA strategy can only work with the `XLACheckpointIO` plugin, found {what}: {when}. "
            "XLAFSDPStrategy uses `XLACheckpointIO` when given none"
        )
        if plugin.local:
            message += f"; derive `{plugin.local}` from `XLACheckpointIO`"
        under = conditions(item, plugin)
        if under:  # added to the plugin list, or built, on some paths only
            message += f"; {describe_when(under)}".rstrip("; ")
        editable = not plugin.local and plugin.here and plugin.alone and plugin.named and (plugin.call is written or ctx.only_use(written))
        finding = self.finding(ctx, written, message, _fixes(ctx, plugin) if editable else [],
                               Severity.WARNING if under and not taken_by_the_plain_run(under) else None)
        place = plugin.place
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)


def _fixes(ctx: Context, plugin: Plugin) -> list[Fix]:
    call = plugin.call
    if plugin.lightning != "TorchCheckpointIO" or call.args or call.keywords:
        return []
    ref = class_ref(ctx, call.func, CHECKPOINT_IO.ok, CHECKPOINT_IO)
    if ref is None:
        return []
    name, edits = ref
    return [fix(f"Use `{name}()`", *edits, replace(ctx, call.func, name), safety=Safety.SAFE, preferred=True)]


RULE = NonXLACheckpointIO()
