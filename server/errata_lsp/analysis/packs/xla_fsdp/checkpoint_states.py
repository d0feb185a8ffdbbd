"""The states a file hands to `fabric.save` and `fabric.load`, with the models in them; shared by the
checkpoint rules."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ...context import Context
from ..lightning.fabric import XLA_FSDP, fabric_kind
from .checkpoints import object_kind, state_argument, state_entries

State = tuple[ast.Call, ast.expr, str, ast.expr, list[tuple[ast.expr, ast.expr]], list[str]]


def checkpoint_states(ctx: Context) -> list[State]:
    """(call, fabric, "save"/"load", state expression, [(key, value)], [kind]) for XLAFSDP save/load calls
    whose state dict the file shows; worked out once per check for the three rules that ask."""
    return ctx.once("checkpoint states", ctx.module, lambda: list(_states(ctx)))


def _states(ctx: Context) -> Iterator[State]:
    for method in ("save", "load"):
        for call, fabric in ctx.method_calls(method):
            state, hidden = state_argument(call)
            if state is None or hidden or fabric_kind(ctx, fabric) != XLA_FSDP:
                continue
            entries = state_entries(ctx, state, call)
            if entries is None:
                continue
            yield call, fabric, method, state, entries, [object_kind(ctx, value) for _, value in entries]


Save = tuple[ast.Call, ast.expr, "list[tuple[ast.expr, ast.expr]] | None"]


def xla_fsdp_saves(ctx: Context) -> list[Save]:
    """(call, fabric, entries) for each `fabric.save(...)` on an XLAFSDP Fabric, with the (key, value) pairs of
    its state when the file shows them whole (as `checkpoint_states`), else None; once per check for the rules
    that read what a save is given."""
    def saves() -> list[Save]:
        shown = {id(call): entries for call, _f, method, _s, entries, _k in checkpoint_states(ctx) if method == "save"}
        return [(call, fabric, shown.get(id(call))) for call, fabric in ctx.method_calls("save")
                if id(call) in shown or fabric_kind(ctx, fabric) == XLA_FSDP]

    return ctx.once("xla fsdp saves", ctx.module, saves)

