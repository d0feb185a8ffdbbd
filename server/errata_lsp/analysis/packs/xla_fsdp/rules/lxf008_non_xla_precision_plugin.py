"""LXF008: a precision plugin other than `XLAPrecision` given to XLAFSDPStrategy.

The `precision` setter of XLAFSDPStrategy accepts only None or an `XLAPrecision` (`xla_fsdp.py`
l.156). `Strategy.__init__` calls that setter, so `XLAFSDPStrategy(precision=HalfPrecision(...))`
raises TypeError in the constructor; a non-XLA plugin in `Fabric(plugins=[...])` is handed to the
strategy through the same setter inside `Fabric(...)` (`connector.py`, `_lazy_init_strategy`). A
`BitsandbytesPrecision` there fails one step earlier, with "Bitsandbytes is only supported on CUDA GPUs.".

Silent where Fabric raises something else first: `plugins=` with a precision plugin together with the
`precision=` flag ("Received both"), or a precision set on both the strategy and `plugins`.

The fix turns the plugin into `XLAPrecision` of the nearest XLA precision ("bf16-mixed" ->
"bf16-true"); `XLAPrecision` also sets `XLA_USE_BF16`/`XLA_USE_F16` for the process, so it is unsafe.
"""

# Python, not a `detect` section: it reads two calls (the strategy's `precision`, and an element
# of `Fabric(plugins=[...])`, counted against the other plugins), follows the file's own subclasses to
# the Lightning class, and its fix names `XLAPrecision` by adding it to the import that brought the
# plugin in.

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Fix, Safety, Severity
from ....rule import Invalid, Rule, Valid, fix, replace, short
from ....values import describe_when
from ...lightning.fabric import XLA_FSDP, fabric_calls, fabric_strategy
from ...lightning.names import XLAFSDP_STRATEGY
from ..facts import holds_none
from ..plugins import (
    PRECISION,
    Item,
    Plugin,
    class_ref,
    conditions,
    fabric_plugins,
    picked_key,
    plugin_of,
    strategy_argument,
    strategy_sets,
    taken_by_the_plain_run,
)


def string_quote(ctx: Context, near: ast.AST) -> str:
    """The quote the statement around `near` uses most, double by default."""
    statement = ctx.doc.source(ctx.statement_of(near))
    return "'" if statement.count("'") > statement.count('"') else '"'


# The XLA precision nearest to what each plugin was built with.
NEAREST = {"16-mixed": "16-true", "bf16-mixed": "bf16-true", "16-true": "16-true", "bf16-true": "bf16-true",
           "32-true": "32-true", "64-true": "32-true"}


class NonXLAPrecisionPlugin(Rule):
    code = "LXF008"
    record = "2e0c57a9572bce42"
    name = "non-xla-precision-plugin"
    summary = "XLAFSDPStrategy works only with the `XLAPrecision` plugin"
    triggers = ("Precision",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import HalfPrecision\n"
            "def plugins_for(args):\n"
            "    plugins = []\n"
            "    if args.bf16:\n"
            "        plugins.append(HalfPrecision('bf16-true'))\n"
            "    return plugins\n"
            "fabric = Fabric(strategy='xla_fsdp', plugins=plugins_for(args))\n",
            message="found `HalfPrecision('bf16-true')`: `Fabric(...)` raises TypeError when it hands the plugin to the strategy. "
            "Prefer the string flag, `Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true'); when args.bf16",
            count=1, at="6:24-6:50", severity="warning",
        ),
        Invalid(
            "from lightning.fabric.plugins import HalfPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(precision=HalfPrecision('bf16-true'))\n",
            fixed="from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(precision=XLAPrecision('bf16-true'))\n",
            message="The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found `HalfPrecision('bf16-true')`",
            count=1, at="3:38-3:64", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(),\n"
            "                  plugins=[L.fabric.plugins.MixedPrecision('bf16-mixed', 'cuda')])\n",
            fixed="import lightning as L\n"
            "fabric = L.Fabric(strategy=L.fabric.strategies.XLAFSDPStrategy(),\n"
            "                  plugins=[L.fabric.plugins.XLAPrecision('bf16-true')])\n",
            count=1, at="3:28-3:81", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.precision.half import HalfPrecision\n"
            'fabric = Fabric(strategy="xla_fsdp", plugins=HalfPrecision())\n',
            fixed="from lightning_fabric import Fabric\n"
            "from lightning_fabric.plugins.precision.half import HalfPrecision\n"
            "from lightning_fabric.plugins import XLAPrecision\n"
            'fabric = Fabric(strategy="xla_fsdp", plugins=XLAPrecision("16-true"))\n',
            count=1, at="3:46-3:61", severity="error",
        ),
        Invalid(
            "from lightning.fabric.plugins import Precision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            "s = S(precision=Precision())\n",
            fixed="from lightning.fabric.plugins import Precision, XLAPrecision\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            's = S(precision=XLAPrecision("32-true"))\n',
            count=1, at="3:17-3:28", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.plugins import MixedPrecision\n"
            "class MyPrecision(MixedPrecision):\n    pass\n"
            "fabric = Fabric(strategy='fsdp', accelerator='tpu', plugins=[MyPrecision('bf16-mixed', 'cpu')])\n",
            message="`MyPrecision`, a `MixedPrecision`",
            count=1, at="5:62-5:94", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import XLAPrecision, HalfPrecision\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = XLAFSDPStrategy(precision=XLAPrecision('bf16-true'))\n"
              "b = Fabric(strategy=XLAFSDPStrategy(), plugins=[XLAPrecision('16-true')])\n"
              "c = Fabric(strategy='ddp', plugins=[HalfPrecision('bf16-true')])\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import HalfPrecision\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = FSDPStrategy(precision=HalfPrecision('bf16-true'))\n"
              "b = Fabric(strategy=FSDPStrategy(), plugins=[HalfPrecision('bf16-true')])\n"),
        Valid("from lightning.fabric.plugins import HalfPrecision\n"
              "class XLAFSDPStrategy:\n    def __init__(self, **kw): pass\n"
              "s = XLAFSDPStrategy(precision=HalfPrecision('bf16-true'))\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.plugins import HalfPrecision, XLAPrecision\n"
              "class MyXLA(XLAPrecision):\n    pass\n"
              "a = Fabric(strategy='xla_fsdp', plugins=[MyXLA('bf16-true')])\n"
              "b = Fabric(strategy='xla_fsdp', plugins=[HalfPrecision('bf16-true')], precision='bf16-true')\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            written = strategy_argument(ctx, call, PRECISION)
            plugin = plugin_of(ctx, written, PRECISION, none=True) if written is not None else None
            if plugin is not None and plugin.lightning != PRECISION.ok:
                yield self._finding(ctx, Item(written, ctx, written), plugin,  # type: ignore[arg-type]
                                    "`XLAFSDPStrategy(...)` raises TypeError in its constructor")
        for call in fabric_calls(ctx):
            args, _ = ctx.keyword_args(call)
            items = fabric_plugins(ctx, call)
            if not items or "precision" in args and not holds_none(ctx, args["precision"].value):
                continue  # no plugins, or Fabric raises "Received both `precision=...` and `plugins=...`"
            found = [(i, p) for i in items if (p := plugin_of(ctx, i.expr, PRECISION, i.owner)) is not None]
            bad = [f for f in found if f[1].lightning != PRECISION.ok]
            if len(found) != 1 or not bad or fabric_strategy(ctx, call) != XLA_FSDP or strategy_sets(ctx, call, PRECISION):
                continue  # several precision plugins: Fabric raises "Received multiple values" first
            item, plugin = bad[0]
            when = "`Fabric(...)` raises TypeError when it hands the plugin to the strategy"
            if plugin.lightning == "BitsandbytesPrecision":
                when = "`Fabric(...)` raises (first \"Bitsandbytes is only supported on CUDA GPUs.\")"
            yield self._finding(ctx, item, plugin, when)

    def _finding(self, ctx: Context, item: Item, plugin: Plugin, when: str) -> Finding:
        written = item.expr if item.owner is ctx else item.at
        editable = plugin.here and plugin.alone and plugin.named and (plugin.call is written or ctx.only_use(written))
        under = conditions(item, plugin)
        what = (f"`{plugin.local}`, a `{plugin.lightning}` subclass" if plugin.local
                else f"`{short(plugin.held.source())}`") + plugin.where()
        pick = picked_key(plugin, PRECISION)
        if pick is not None:  # a registry's entry picked by a key written elsewhere: the key is what to change
            what += f", picked by the key {pick[1]} out of a registry that also builds `XLAPrecision`"
        message = (
            f"The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found {what}: {when}. "
            "Prefer the string flag, `Fabric(precision='bf16-true')` ('32-true', '16-true' or 'bf16-true')"
        )
        if under:  # added to the plugin list, or built, on some paths only
            message += f"; {describe_when(under)}".rstrip("; ")
        finding = self.finding(ctx, written, message, _fixes(ctx, plugin) if editable and not plugin.local else [],
                               Severity.WARNING if under and not taken_by_the_plain_run(under) else None)
        place = plugin.place if pick is None else pick[0]
        if pick is not None and place is not None:
            place = dataclasses.replace(place, what="the key that picks the plugin is written here")
        return finding if place is None else dataclasses.replace(finding, elsewhere=place)


def _fixes(ctx: Context, plugin: Plugin) -> list[Fix]:
    call = plugin.call
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "precision"), None)
    if plugin.lightning in ("Precision", "DoublePrecision") and not call.args and not call.keywords:
        precision = "32-true"
    elif plugin.lightning == "HalfPrecision" and given is None and not call.keywords:
        precision = "16-true"  # HalfPrecision's default
    elif plugin.lightning in ("HalfPrecision", "MixedPrecision", "FSDPPrecision") and isinstance(given, ast.Constant):
        precision = NEAREST.get(given.value) if isinstance(given.value, str) else None  # type: ignore[assignment]
    else:
        return []
    if precision is None:
        return []
    ref = class_ref(ctx, call.func, PRECISION.ok, PRECISION)
    if ref is None:
        return []
    name, edits = ref
    same = plugin.lightning == "HalfPrecision" and len(call.args) == 1 and not call.keywords
    if same:  # `HalfPrecision('bf16-true')` -> `XLAPrecision('bf16-true')`: only the class changes
        edits = [*edits, replace(ctx, call.func, name)]
    else:
        quote = string_quote(ctx, call)
        edits = [*edits, replace(ctx, call, f"{name}({quote}{precision}{quote})")]
    return [fix(f"Use `{name}('{precision}')`", *edits, safety=Safety.UNSAFE, preferred=True)]


RULE = NonXLAPrecisionPlugin()
