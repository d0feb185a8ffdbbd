"""LXF015: `fabric.clip_gradients` with both `clip_val` and `max_norm`, or with neither.

Fabric's own check, for every strategy: `clip_gradients(module, optimizer, clip_val=None,
max_norm=None, norm_type=2.0, error_if_nonfinite=True)` picks the algorithm from the one argument
that is not None. Both set raises ValueError "Only one of `clip_val` or `max_norm` can be set"
(fabric.py l.566) before anything is clipped; neither set raises "You have to specify either
`clip_val` or `max_norm`" (l.581). Positional third and fourth arguments are `clip_val` and
`max_norm`. Values the file cannot see (a config entry that may be None) are not flagged.

For both set, the fixes drop one of the two. Under XLAFSDP only `max_norm` works (LXF014), so the
one fix there keeps it. Which algorithm was meant is the user's choice: the fixes are unsafe.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..context import XLA_FSDP, Arg, Context
from ..findings import Edit, Finding, Fix, Safety, Severity, Span
from ..pack import CLIP_VAL, MAX_NORM, NONE, SET, clip_arguments
from ..rule import Invalid, Rule, Valid, call_items, dict_items, fix, remove_argument

NEITHER_RECORD = "36aaeeb05c6306f3"  # "You have to specify either `clip_val` or `max_norm`"


class ClipBothOrNeither(Rule):
    code = "LXF015"
    record = "659cd8121618aa25"
    name = "clip-both-or-neither"
    summary = "`fabric.clip_gradients` needs exactly one of `clip_val` and `max_norm`"
    severity = Severity.ERROR
    triggers = ("clip_gradients",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, clip_val=0.5, max_norm=1.0)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Only one of `clip_val` or `max_norm` can be set",
            count=1, at="3:5-3:26", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, 0.5, 1.0)\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, 0.5)\n",
            fix="Keep `clip_val`, remove `max_norm`",
            count=1, at="3:1-3:22", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, 0.5, 1.0)\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, max_norm=1.0)\n",
            count=1, at="3:1-3:22", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, **{'clip_val': 0.5, 'max_norm': 1.0})\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, **{'max_norm': 1.0})\n",
            count=1, at="3:1-3:22", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="You have to specify either `clip_val` or `max_norm`",
            count=1, at="3:5-3:26", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "fabric = L.Fabric(accelerator='cuda', strategy='fsdp')\n"
            "fabric.clip_gradients(model, optimizer, clip_val=None, norm_type=2.0)\n",
            message="neither",
            count=1, at="3:1-3:22", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='fsdp')\n"
              "fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
              "fabric.clip_gradients(model, optimizer, 0.5)\n"
              "fabric.clip_gradients(model, optimizer, None, 1.0, 2.0)\n"
              "fabric.clip_gradients(model, optimizer, clip_val=cfg.clip, max_norm=cfg.norm)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='fsdp')\n"
              "fabric.clip_gradients(model, optimizer, *clipping)\n"
              "fabric.clip_gradients(model, optimizer, **clipping)\n"
              "torch.nn.utils.clip_gradients(model, optimizer)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("clip_gradients"):
            kind = ctx.fabric_kind(fabric)
            if kind is None or len(call.args) < 2:
                continue
            given = clip_arguments(ctx, call)
            if given is None:
                continue
            (clip, clip_state), (norm, norm_state) = given[CLIP_VAL], given[MAX_NORM]
            if clip_state == SET and norm_state == SET:
                message = (
                    "Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping "
                    "algorithm: Fabric raises ValueError"
                )
                if kind == XLA_FSDP:
                    message += " (XLAFSDP clips by norm only: keep `max_norm`)"
                yield self.finding(ctx, call.func, message, self._fixes(ctx, call, clip, norm, kind))
            elif clip_state == NONE and norm_state == NONE:
                message = (
                    "You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set, "
                    "so Fabric raises ValueError"
                )
                yield self.finding(ctx, call.func, message, record=NEITHER_RECORD)

    def _fixes(self, ctx: Context, call: ast.Call, clip: ast.AST | Arg | None, norm: ast.AST | Arg | None, kind: str) -> list[Fix]:
        fixes = []
        keep_norm = _drop_clip_val(ctx, call, clip, norm)
        if keep_norm:
            fixes.append(fix("Keep `max_norm`, remove `clip_val`", *keep_norm, safety=Safety.UNSAFE, preferred=True))
        if kind != XLA_FSDP:
            keep_clip = _drop(ctx, call, norm)
            if keep_clip:
                fixes.append(fix("Keep `clip_val`, remove `max_norm`", *keep_clip, safety=Safety.UNSAFE))
        return fixes


def _drop_clip_val(ctx: Context, call: ast.Call, clip: ast.AST | Arg | None, norm: ast.AST | Arg | None) -> list[Edit] | None:
    """Remove `clip_val`; a positional `max_norm` after it becomes `max_norm=...`."""
    positional = [a for a in call.args]
    if clip in positional and norm in positional:
        if len(positional) != 4:
            return None  # `norm_type` follows positionally
        span = Span(ctx.doc.span(clip).start, ctx.doc.span(norm).end)
        return [Edit(span, f"{MAX_NORM}={ctx.doc.source(norm)}")]
    return _drop(ctx, call, clip)


def _drop(ctx: Context, call: ast.Call, written: ast.AST | Arg | None) -> list[Edit] | None:
    if isinstance(written, ast.keyword):
        return [remove_argument(ctx, call_items(call), written)]
    if isinstance(written, Arg):  # inside a `**{...}` display or `**dict(...)`
        holder = ctx.parents.get(written.node)
        if isinstance(holder, ast.Dict):
            items = dict_items(holder)
            return [remove_argument(ctx, items, next(i for i in items if i.key is written.node))]
        if isinstance(holder, ast.Call):
            return [remove_argument(ctx, call_items(holder), written.node)]
        return None
    if written is not None and call.args and call.args[-1] is written:
        return [remove_argument(ctx, call_items(call), written)]
    return None  # a positional argument with others after it


RULE = ClipBothOrNeither()
