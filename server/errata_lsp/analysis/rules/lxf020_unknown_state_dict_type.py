"""LXF020: `XLAFSDPStrategy(state_dict_type=...)` other than "full" or "sharded".

The constructor stores the value unchecked. `save_checkpoint` only tests `== "full"`, so any other
value silently writes sharded shards; only `load_checkpoint` ends with
`raise ValueError(f"Unknown state_dict_type: {self._state_dict_type}")` (xla_fsdp.py l.616), after its
"sharded" and "full" branches. The typo shows up when resuming, possibly after a long run, and the
checkpoint saved with it cannot be read back with the same strategy. The comparison is exact: "FULL"
or "Sharded" fail too.

The fix picks the nearest valid value ("consolidated" -> "full", "shard" -> "sharded"); which one is
meant changes what is saved, so it is unsafe.
"""

from __future__ import annotations

import ast
import difflib

from ..context import Context
from ..findings import Safety, Severity
from ..names import XLAFSDP_STRATEGY
from ..rule import Invalid, Rule, Valid, fix, replace

KEY = "state_dict_type"
POSITION = 6  # XLAFSDPStrategy(accelerator, parallel_devices, checkpoint_io, precision, auto_wrap_policy, policy, state_dict_type)
VALID = ("full", "sharded")
SYNONYMS = {
    "consolidated": "full", "full_state_dict": "full", "unsharded": "full", "single": "full", "whole": "full",
    "shard": "sharded", "sharded_state_dict": "sharded", "local": "sharded", "distributed": "sharded",
}


class UnknownStateDictType(Rule):
    code = "LXF020"
    record = "e1723fa1f49f9895"
    name = "unknown-state-dict-type"
    summary = "XLAFSDPStrategy `state_dict_type` must be \"full\" or \"sharded\": anything else fails only on load"
    severity = Severity.ERROR
    triggers = (KEY,)
    examples = (
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(state_dict_type='consolidated')\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(state_dict_type='full')\n",
            message="cannot be read back",
            count=1, at="2:44-2:58", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(state_dict_type=\"FULL\")\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(state_dict_type=\"full\")\n",
            count=1, at="2:37-2:43", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "kind = 'shard'\n"
            "s = XLAFSDPStrategy(**{'state_dict_type': kind})\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "kind = 'sharded'\n"
            "s = XLAFSDPStrategy(**{'state_dict_type': kind})\n",
            count=1, at="3:43-3:47", severity="error",
        ),
        Invalid(
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(None, None, None, None, None, None, 'sharde')\n",
            fixed="from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "s = XLAFSDPStrategy(None, None, None, None, None, None, 'sharded')\n",
            count=1, at="2:57-2:65", severity="error",
        ),
        Valid("from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "a = XLAFSDPStrategy(state_dict_type='full')\n"
              "b = XLAFSDPStrategy(state_dict_type='sharded')\n"
              "c = XLAFSDPStrategy(state_dict_type=cfg.state_dict_type)\n"
              "d = XLAFSDPStrategy()\n"),
        Valid("from lightning.fabric.strategies import FSDPStrategy\n"
              "s = FSDPStrategy(state_dict_type='consolidated')\n"),
    )

    def check(self, ctx: Context):
        for call in ctx.calls_to(XLAFSDP_STRATEGY):
            keywords, _ = ctx.keyword_args(call)
            written = keywords[KEY].value if KEY in keywords else None
            if written is None and len(call.args) > POSITION and not any(
                    isinstance(a, ast.Starred) for a in call.args[:POSITION + 1]):
                written = call.args[POSITION]
            if written is None:
                continue
            value = ctx.value_of(written)
            if not isinstance(value, ast.Constant) or not isinstance(value.value, str) or value.value in VALID:
                continue
            message = (
                f"`{KEY}={value.value!r}` is neither 'full' nor 'sharded': XLAFSDPStrategy accepts it and `fabric.save` "
                f"silently writes sharded files, but `fabric.load` raises ValueError: Unknown state_dict_type: "
                f"{value.value}. The checkpoint you saved cannot be read back"
            )
            nearest = nearest_type(value.value)
            fixes = [fix(f"Use {KEY}={nearest!r}", replace(ctx, value, _quoted(ctx, value, nearest)),
                         safety=Safety.UNSAFE, preferred=True)] if nearest else []
            yield self.finding(ctx, written, message, fixes)


def nearest_type(text: str) -> str | None:
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    if key in VALID:
        return key
    if key in SYNONYMS:
        return SYNONYMS[key]
    match = difflib.get_close_matches(key, VALID, n=1, cutoff=0.5)
    return match[0] if match else None


def _quoted(ctx: Context, node: ast.Constant, new: str) -> str:
    source = ctx.doc.source(node)
    quote = source[:1]
    if quote in ("'", '"') and source.endswith(quote) and not source.startswith(quote * 3) and len(source) >= 2:
        return quote + new + quote
    return repr(new)


RULE = UnknownStateDictType()
