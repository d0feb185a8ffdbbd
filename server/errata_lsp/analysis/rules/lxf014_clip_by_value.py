"""LXF014: `fabric.clip_gradients(..., clip_val=...)` under XLAFSDP.

`Fabric.clip_gradients(module, optimizer, clip_val=None, max_norm=None, ...)` sends a `clip_val` that
is not None to `strategy.clip_gradients_value`, which `XLAFSDPStrategy` implements as an unconditional
NotImplementedError (xla_fsdp.py l.305): with flattened, sharded parameters Lightning only clips by
norm, through `XlaFullyShardedDataParallel.clip_grad_norm_`. A literal value raises on the first
clipping step; a value the file cannot see (a config entry) raises whenever it is not None.

With both `clip_val` and `max_norm` set, Fabric raises its own ValueError first (LXF015).
The fix passes the same number as `max_norm`: clipping by norm is a different algorithm and the
threshold usually needs retuning, so it is unsafe.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Arg, Context
from ..findings import Edit, Position, Safety, Severity, Span
from ..rule import Invalid, Rule, Valid, call_items, fix, remove_argument

CLIP_VAL, MAX_NORM = "clip_val", "max_norm"
POSITIONS = {CLIP_VAL: 2, MAX_NORM: 3}  # clip_gradients(module, optimizer, clip_val, max_norm, norm_type, ...)
SET, NONE, UNKNOWN = "set", "none", "unknown"


class ClipByValue(Rule):
    code = "LXF014"
    record = "bce5ed97ba8ce38f"
    name = "clip-by-value"
    summary = "XLAFSDP cannot clip gradients by value: use `max_norm`"
    severity = Severity.ERROR
    triggers = ("clip_gradients",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, clip_val=0.5)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, max_norm=0.5)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="does not support to clip gradients by value",
            count=1, at="3:45-3:57", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
            "CLIP = 1.0\n"
            "def step(model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, CLIP)  # clip\n",
            fixed="from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(strategy=XLAFSDPStrategy())\n"
            "CLIP = 1.0\n"
            "def step(model, optimizer):\n"
            "    fabric.clip_gradients(model, optimizer, max_norm=CLIP)  # clip\n",
            count=1, at="6:45-6:49", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer, cfg):\n"
            "    fabric.clip_gradients(model, optimizer, clip_val=cfg.clip_val, max_norm=None)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, model, optimizer, cfg):\n"
            "    fabric.clip_gradients(model, optimizer, max_norm=cfg.clip_val)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="whenever",
            count=1, at="3:45-3:66", severity="warning",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, model, optimizer):\n"
              "    fabric.clip_gradients(model, optimizer, max_norm=1.0)\n"
              "    fabric.clip_gradients(model, optimizer, clip_val=None, max_norm=1.0)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, model, optimizer):\n"
              "    fabric.clip_gradients(model, optimizer, clip_val=0.5)\n"
              "Fabric(strategy='ddp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, model, optimizer, **kw):\n"
              "    fabric.clip_gradients(model, optimizer, **kw)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context):
        for call, fabric in ctx.method_calls("clip_gradients"):
            if ctx.fabric_kind(fabric) != XLA_FSDP:
                continue
            given = clip_arguments(ctx, call)
            if given is None:
                continue
            (clip, clip_state), (norm, norm_state) = given[CLIP_VAL], given[MAX_NORM]
            if clip is None or norm_state != NONE or clip_state == NONE:
                continue
            message = (
                "XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises "
                "NotImplementedError. Clip by norm with `max_norm` instead"
            )
            severity = self.severity
            if clip_state == UNKNOWN:
                message += f"; here whenever `{ctx.doc.source(_value(clip))}` is not None"
                severity = Severity.WARNING
            yield self.finding(ctx, _underline(clip), message, self._to_norm(ctx, call, clip, norm), severity)

    def _to_norm(self, ctx: Context, call: ast.Call, clip, norm) -> list:
        value = ctx.doc.source(_value(clip))
        title = f"Clip by norm: `max_norm={value}` (another algorithm: the threshold may need retuning)"
        if isinstance(clip, ast.keyword) and clip.arg == CLIP_VAL:
            start = ctx.doc.span(clip).start
            edits = [Edit(Span(start, Position(start.line, start.column + len(CLIP_VAL))), MAX_NORM)]
        elif isinstance(clip, ast.expr) and len(call.args) == 3 and call.args[2] is clip:
            start = ctx.doc.span(clip).start
            edits = [Edit(Span(start, start), f"{MAX_NORM}=")]
        else:
            return []
        if isinstance(norm, ast.keyword):  # `max_norm=None` is written too: drop it, or max_norm is given twice
            edits.append(remove_argument(ctx, call_items(call), norm))
        elif norm is not None:
            return []  # `max_norm` comes through `**`: it would be given twice
        return [fix(title, *edits, safety=Safety.UNSAFE, preferred=True)]


def clip_arguments(ctx: Context, call: ast.Call):
    """{clip_val/max_norm: (where it is written or None, SET/NONE/UNKNOWN)}; None when `*args` hide them."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    keywords, complete = ctx.keyword_args(call)
    out = {}
    for name, position in POSITIONS.items():
        written: ast.AST | None = None
        if len(call.args) > position:
            written = call.args[position]
        elif name in keywords:
            arg = keywords[name]
            written = arg.node if arg.via is None else arg
        if written is None:
            out[name] = (None, NONE if complete else UNKNOWN)
            continue
        value = ctx.value_of(_value(written))
        if isinstance(value, ast.Constant):
            out[name] = (written, NONE if value.value is None else SET)
        else:
            out[name] = (written, UNKNOWN)
    return out


def _value(written) -> ast.expr:
    if isinstance(written, ast.keyword):
        return written.value
    if isinstance(written, Arg):
        return written.value
    return written


def _underline(written) -> ast.AST:
    if isinstance(written, Arg):
        return written.value
    return written


RULE = ClipByValue()
