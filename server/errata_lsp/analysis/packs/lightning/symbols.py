"""Which Lightning API a node names, for hovers: `Fabric`, `XLAFSDPStrategy`, a Fabric method, a strategy
method, a keyword of one of them."""

from __future__ import annotations

import ast

from ...context import Context
from .fabric import fabric_kind, strategy_kind
from .names import FABRIC, XLAFSDP_STRATEGY

CLASS_NAMES = {XLAFSDP_STRATEGY: "XLAFSDPStrategy", FABRIC: "Fabric"}


def describe(ctx: Context, node: ast.AST, word: str) -> list[str]:
    """The Lightning API names `node` stands for, most specific first ([] when none)."""
    if isinstance(node, ast.keyword) and node.arg == word:
        call = ctx.parents.get(node)
        owner = CLASS_NAMES.get(ctx.resolve(call.func)) if isinstance(call, ast.Call) else None  # type: ignore[arg-type]
        if owner is None and isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            if fabric_kind(ctx, call.func.value) is not None:
                owner = f"Fabric.{call.func.attr}"
        return [f"{owner}.{word}", word] if owner else []
    qualified = ctx.resolve(node)
    if qualified in CLASS_NAMES and (isinstance(node, ast.Name) or node.attr == word):  # type: ignore[attr-defined]
        return [CLASS_NAMES[qualified]]
    if isinstance(node, ast.Attribute) and node.attr == word:
        receiver = node.value
        if isinstance(receiver, ast.Attribute) and receiver.attr in ("strategy", "_backward_sync_control"):
            if fabric_kind(ctx, receiver.value) is not None or strategy_kind(ctx, receiver.value) is not None:
                return [f"XLAFSDPStrategy.{word}", word]
        if fabric_kind(ctx, receiver) is not None:
            return [f"Fabric.{word}", word]
        if strategy_kind(ctx, receiver) is not None:
            return [f"XLAFSDPStrategy.{word}", word]
    return []
