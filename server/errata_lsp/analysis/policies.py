"""Set-valued arguments (module-class policies), as the value-flow layer sees them, and the one way to
make one a set of the same elements: what the `to_set` fix and the `{as_set}` text of a `detect` section
(kb/DETECT.md) write, for every pack (XLAFSDP's `activation_checkpointing_policy` and `auto_wrap_policy`,
the CUDA FSDPStrategy's policies).

Lightning checks the checkpointing policy with `isinstance(policy, set)` after `if policy:`, so a
falsy value is ignored, and a truthy one of any other type raises; `auto_wrap_policy` is handed to
torch_xla, which calls it unless it is a set (that Lightning turns into a callable).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .context import Arg, Context
from .findings import Edit, Fix, Position, Span
from .rule import fix, replace
from .values import Value

NOT_SETS = ("list", "tuple", "frozenset", "str", "dict", "number", "bool", "class", "function", "lambda", "partial")
CONVERTIBLE = ("list", "tuple", "frozenset", "class")


@dataclass(frozen=True)
class Verdict:
    """What a policy argument holds: the values that are not sets, and the others."""

    bad: tuple[Value, ...]
    others: tuple[Value, ...]  # sets, falsy values and what the layer cannot tell


def not_a_set(ctx: Context, expr: ast.expr, kinds: Sequence[str] = NOT_SETS) -> Verdict:
    values = ctx.values(expr)
    bad = tuple(v for v in values if v.kind in kinds and v.truthy is not False)
    return Verdict(bad, tuple(v for v in values if v not in bad))


def value_text(value: Value) -> str:
    """The value as written, wherever it was written."""
    if value.flow is None or value.node is None or not hasattr(value.node, "lineno"):
        return value.label or "…"
    try:
        return value.flow.ctx.doc.source(value.node)
    except (IndexError, AttributeError):
        return value.label or "…"


def described(ctx: Context, arg: Arg, value: Value) -> str:
    """`[Block]`, with `(from `TrainConfig.layers`, line 14)` when it was written away from the argument."""
    if isinstance(value.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        kind = "class" if isinstance(value.node, ast.ClassDef) else "function"
        where = f", `{value.flow.origin_name}`" if value.foreign and value.flow is not None else ""
        return f"the {kind} `{value.node.name}` (line {value.line}{where})"
    text = " ".join(value_text(value).split())
    text = text if len(text) <= 60 else text[:59] + "…"
    if isinstance(value.node, ast.AugAssign):
        text = f"a {value.kind} built with `{text}`"
    elif value.extra == "grown":
        text += " filled in place"  # `layers = []` and `layers.append(...)`
    if value.node is arg.value:
        return text
    return f"{text} (from {value.where()})"


def feeds_only_here(ctx: Context, arg: Arg, value: Value) -> bool:
    """The literal is written in this document and flows only into this argument, so a fix may edit it:
    the variable, field or key that holds it is read nowhere else in the document."""
    if value.foreign or value.node is None or value.node not in ctx.parents:
        return False
    if value.node is arg.value:
        return True
    if not value.label:
        return False
    name = re.escape(value.label.rsplit(".", 1)[-1].split("[")[0])
    written = rf"(?<!def )(?<!class )\b{name}\b(?!\s*(?::[^=\n]*)?=(?!=))"  # a read, not `name =` or `name: T =`
    return ctx.doc.count(written) <= 1


def to_set(ctx: Context, arg: Arg, verdict: Verdict) -> list[Fix]:
    """The smallest edit that makes the policy a set: at the literal when it feeds only this argument,
    else `set(...)` around the argument when every value it holds is a collection of classes."""
    values = verdict.bad
    if arg.value not in ctx.parents:
        return []
    if all(v.kind in CONVERTIBLE for v in values) and all(feeds_only_here(ctx, arg, v) for v in values):
        edits: list[Edit] = []
        for value in values:
            edits.extend(_literal_to_set(ctx, value))
        if edits and len(values) == 1:
            kind = values[0].kind
            node = values[0].node
            title = "Wrap the class in a set" if kind == "class" else (
                f"Convert {kind} to set" if isinstance(node, (ast.List, ast.Tuple, ast.ListComp))
                else f"Convert {kind}(...) to set(...)" if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == kind else "Make it a set with set()")
            return [fix(title, *edits, preferred=True)]
        if edits:
            return [fix("Make each policy a set", *edits, preferred=True)]
    everything = verdict.bad + verdict.others
    if all(v.kind in ("list", "tuple", "set", "frozenset") for v in everything):
        written = ctx.doc.source(arg.value)
        return [fix(f"Convert `{written}` to a set with set()", replace(ctx, arg.value, f"set({written})"), preferred=True)]
    return []


def set_text(ctx: Context, arg: Arg, verdict: Verdict) -> str | None:
    """The policy's text once it is a set, for `auto_wrap_policy=<it>`; None when it cannot be said."""
    if verdict.bad and len(verdict.bad) == 1 and not verdict.others:
        value = verdict.bad[0]
        if value.node is arg.value and value.kind in CONVERTIBLE:
            text = ctx.doc.source(value.node)
            node = value.node
            if isinstance(node, (ast.List, ast.Tuple, ast.ListComp)):
                return "{" + (text[1:-1] if text[:1] in "[(" else text) + "}"
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "frozenset") and not node.keywords:
                    return "set" + text[len(ctx.doc.source(node.func)):]
                return f"set({text})"
            return "{" + text + "}"
    if not verdict.bad:
        return ctx.doc.source(arg.value)
    if all(v.kind in ("list", "tuple", "set", "frozenset") for v in verdict.bad + verdict.others):
        return f"set({ctx.doc.source(arg.value)})"
    return None


def _literal_to_set(ctx: Context, value: Value) -> list[Edit]:
    node = value.node
    if value.kind in ("list", "tuple") and isinstance(node, (ast.List, ast.Tuple, ast.ListComp)):
        return _rebracket(ctx, node)
    if value.kind in ("list", "tuple", "frozenset") and isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "frozenset") and not node.keywords:
            return [replace(ctx, node.func, "set")]  # `list(x)` -> `set(x)`
        return [replace(ctx, node, f"set({ctx.doc.source(node)})")]  # `sorted(x, key=...)` -> `set(sorted(...))`
    if value.kind == "class" and isinstance(node, ast.expr):
        return [replace(ctx, node, "{" + ctx.doc.source(node) + "}")]
    return []


def _rebracket(ctx: Context, node: ast.AST) -> list[Edit]:
    """`[A, B]` or `(A, B)` -> `{A, B}`: only the two brackets change."""
    span = ctx.doc.span(node)
    text = ctx.doc.slice(span)
    if isinstance(node, ast.Tuple) and not text.startswith("("):
        return [Edit(span, "{" + text + "}")]
    if isinstance(node, (ast.List, ast.Tuple)) and not node.elts:
        return [Edit(span, "set()")]  # `{}` would be a dict
    opening = Span(span.start, Position(span.start.line, span.start.column + 1))
    closing = Span(Position(span.end.line, span.end.column - 1), span.end)
    return [Edit(opening, "{"), Edit(closing, "}")]
