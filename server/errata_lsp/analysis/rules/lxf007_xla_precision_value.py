"""LXF007: a `Fabric(precision=...)` value that XLA does not support, with XLAFSDPStrategy.

With an XLA strategy the connector turns the precision flag into `XLAPrecision(precision)`
(`connector.py` l.459-460), whose constructor accepts only "32-true", "16-true" and "bf16-true"
(`plugins/precision/xla.py` l.44) and raises ValueError inside `Fabric(...)` otherwise. The legacy
spellings are converted first (`_convert_precision_to_unified_args`): 16 and "16" become "16-mixed",
"bf16" becomes "bf16-mixed", 64 and "64" become "64-true", and those are rejected (the message shows
the converted value); 32 and "32" become "32-true", which is fine.

Silent when a precision plugin is involved: with `plugins=` holding one Fabric raises "Received both"
first, and a strategy built with `precision=<plugin>` makes the connector ignore the flag.

The fix picks the nearest supported value of the same width ("bf16-mixed" -> "bf16-true"); on TPU
that changes numerics (parameters are kept in the low precision), so it is unsafe.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Context
from ..findings import Safety, Severity
from ..flow import describe_when
from ..rule import Invalid, Rule, Valid, fix, replace

SUPPORTED = ("32-true", "16-true", "bf16-true")
# What Fabric converts a rejected value to (shown in the message) and the nearest supported value.
REJECTED = {
    "16-mixed": ("16-mixed", "16-true"),
    "bf16-mixed": ("bf16-mixed", "bf16-true"),
    "64-true": ("64-true", "32-true"),
    "transformer-engine": ("transformer-engine", "bf16-true"),
    "transformer-engine-float16": ("transformer-engine-float16", "16-true"),
    "16": ("16-mixed", "16-true"),
    "bf16": ("bf16-mixed", "bf16-true"),
    "64": ("64-true", "32-true"),
    16: ("16-mixed", "16-true"),
    64: ("64-true", "32-true"),
}


class XLAPrecisionValue(Rule):
    code = "LXF007"
    record = "a85d2736c0e818cf"
    name = "xla-precision-value"
    summary = "With XLAFSDPStrategy, `Fabric(precision=...)` must be '32-true', '16-true' or 'bf16-true'"
    triggers = ("precision",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision='bf16-mixed')\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy(), precision='bf16-true')\n",
            message="`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: "
            "('32-true', '16-true', 'bf16-true').",
            count=1, at="3:74-3:86", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            'fabric = L.Fabric(strategy="xla_fsdp", precision="16-mixed")\n',
            fixed="import lightning as L\n"
            'fabric = L.Fabric(strategy="xla_fsdp", precision="16-true")\n',
            count=1, at="2:50-2:60", severity="error",
        ),
        Invalid(
            "from lightning_fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp', accelerator='tpu', precision=16)\n",
            fixed="from lightning_fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp', accelerator='tpu', precision='16-true')\n",
            message="`precision='16-mixed')`",
            count=1, at="2:63-2:65", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            "strategy = S(state_dict_type='full')\n"
            'fabric = Fabric(strategy=strategy, precision="64-true")\n',
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy as S\n"
            "strategy = S(state_dict_type='full')\n"
            'fabric = Fabric(strategy=strategy, precision="32-true")\n',
            count=1, at="4:46-4:55", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make_strategy():\n    return XLAFSDPStrategy(auto_wrap_policy={Block})\n"
            "PRECISION = 'bf16'\n"
            "fabric = Fabric(strategy=make_strategy(), precision=PRECISION)\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def make_strategy():\n    return XLAFSDPStrategy(auto_wrap_policy={Block})\n"
            "PRECISION = 'bf16-true'\n"
            "fabric = Fabric(strategy=make_strategy(), precision=PRECISION)\n",
            count=1, at="6:53-6:62", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = Fabric(strategy=XLAFSDPStrategy(), precision='bf16-true')\n"
              "b = Fabric(strategy='xla_fsdp', precision=32)\n"
              "c = Fabric(strategy='xla_fsdp', precision='16-true')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import FSDPStrategy\n"
              "a = Fabric(strategy=FSDPStrategy(), precision='bf16-mixed')\n"
              "b = Fabric(strategy='fsdp', accelerator='cuda', precision='16-mixed')\n"
              "c = Fabric(strategy='ddp', precision=16)\n"),
        Invalid(
            "from dataclasses import dataclass\n"
            "from lightning.fabric import Fabric\n"
            "@dataclass\n"
            "class Config:\n"
            "    precision: str = 'bf16-mixed'\n"
            "def main(cfg: Config):\n"
            "    precision = cfg.precision if cfg.mixed else '32-true'\n"
            "    return Fabric(strategy='xla_fsdp', precision=precision)\n"
            "main(Config())\n",
            message="(from `Config.precision`, line 5); when cfg.mixed",
            count=1, at="8:50-8:59", severity="warning",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "class XLAFSDPStrategy:\n    pass\n"
              "fabric = Fabric(strategy=XLAFSDPStrategy(), precision='bf16-mixed')\n"),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def run(precision):\n    return Fabric(strategy=XLAFSDPStrategy(), precision=precision)\n"
              "f = Fabric(strategy=XLAFSDPStrategy(), precision='bf16-mixed', plugins=[plugin])\n"
              "g = Fabric(strategy=XLAFSDPStrategy(precision=XLAPrecision('bf16-true')), precision='bf16-mixed')\n"),
    )

    def check(self, ctx: Context):
        for call in ctx.fabric_calls:
            args, _ = ctx.keyword_args(call)
            given = args.get("precision")
            if given is None or _given(ctx, args.get("plugins")):
                continue
            values = ctx.values(given.value)
            rejected = [v for v in values if _rejected(v)]
            if not rejected:
                continue
            if ctx.fabric_strategy(call) != XLA_FSDP or _strategy_has_precision(ctx, args.get("strategy")):
                continue
            value = rejected[0].node
            shown, nearest = REJECTED[value.value]
            message = (
                f"`precision={shown!r})` is not supported in XLA. `precision` must be one of: {SUPPORTED}."
                " Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`"
            )
            if shown != value.value:
                message += f" (`{value.value!r}` is the legacy spelling of {shown!r})"
            if value is not given.value:
                message += f" (from {rejected[0].where()})"
            every_path = len(rejected) == len(values)
            if not every_path:
                condition = describe_when(rejected)
                message += f"; {condition}" if condition else "; on some paths"
            fixes = _fixes(ctx, given.value, value, nearest) if len(values) == 1 and not rejected[0].foreign else []
            yield self.finding(ctx, given.value, message, fixes, None if every_path else Severity.WARNING)


def _rejected(value) -> bool:
    node = value.node
    return (value.kind in ("str", "number") and isinstance(node, ast.Constant) and not value.foreign
            and type(node.value) in (str, int) and node.value in REJECTED)


def _given(ctx: Context, arg) -> bool:
    if arg is None:
        return False
    value = ctx.value_of(arg.value)
    return not (isinstance(value, ast.Constant) and value.value is None)


def _strategy_has_precision(ctx: Context, strategy) -> bool:
    """The strategy object carries its own precision plugin: the connector then ignores the flag."""
    if strategy is None:
        return False
    for call in ctx.strategy_calls(strategy.value) or []:
        args, complete = ctx.keyword_args(call)
        if not complete or len(call.args) > 3 or _given(ctx, args.get("precision")):
            return True
    return False


def _fixes(ctx: Context, written: ast.AST, value: ast.Constant, nearest: str) -> list:
    if value is not written and not ctx.only_use(written):
        return []
    source = ctx.doc.source(value)
    quote = source[-1] if isinstance(value.value, str) and source[-1:] in "'\"" else _quote(ctx, written)
    text = f"{quote}{nearest}{quote}"
    return [fix(f"Use precision={text}", replace(ctx, value, text), safety=Safety.UNSAFE, preferred=True)]


def _quote(ctx: Context, near: ast.AST) -> str:
    """The quote the statement around `near` uses, double by default."""
    statement = ctx.doc.source(ctx.statement_of(near))
    singles, doubles = statement.count("'"), statement.count('"')
    return "'" if singles > doubles else '"'


RULE = XLAPrecisionValue()
