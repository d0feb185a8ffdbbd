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
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .context import Arg, Context
from .findings import Edit, Fix, Position, Span
from .rule import fix, replace
from .values import Value

NOT_SETS = ("list", "tuple", "frozenset", "str", "dict", "view", "number", "bool", "class", "function", "lambda",
            "partial")
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
    elif value.extra in ("grown", "filled"):
        text += " filled in place"  # `layers = []` and `layers.append(...)`
    if value.node is arg.value:
        return text
    return f"{text} (from {value.where()})"


def feeds_only_here(ctx: Context, arg: Arg, value: Value) -> bool:
    """The literal is written in this document and flows only into this argument, so a fix may edit it:
    the variable, field or key that holds it is read nowhere else in the document."""
    if value.foreign or value.node is None or value.written not in ctx.parents:
        return False
    if value.written is arg.value:
        return True
    if not value.label:
        return False
    name = re.escape(value.label.rsplit(".", 1)[-1].split("[")[0])
    written = rf"(?<!def )(?<!class )\b{name}\b(?!\s*(?::[^=\n]*)?=(?!=))"  # a read, not `name =` or `name: T =`
    return ctx.doc.count(written) <= 1


def to_set(ctx: Context, arg: Arg, verdict: Verdict) -> list[Fix]:
    """The smallest edit that makes the policy a set: at the literal when it feeds only this argument
    (in this document, or in the module of the project that writes it: a fix of that file), else
    `set(...)` around the argument when every value it holds is a collection of classes."""
    values = verdict.bad
    if arg.value not in ctx.parents:
        return []
    fixes: list[Fix] = []
    if all(v.kind in CONVERTIBLE for v in values) and all(feeds_only_here(ctx, arg, v) for v in values):
        edits = [edit for value in values for edit in _literal_to_set(ctx, value)]
        if edits:
            return [fix(_title(values), *edits, preferred=True)]
    origin = written_for_here(ctx, arg, values)
    if origin is not None:
        other = values[0].flow.ctx  # type: ignore[union-attr]  # a value written in a module has its flow
        edits = [edit for value in values for edit in _literal_to_set(other, value)]
        if edits:
            fixes.append(fix(f"{_title(values)} in {os.path.basename(origin)}", *edits, preferred=True, path=origin))
    everything = verdict.bad + verdict.others
    if all(v.kind in ("list", "tuple", "set", "frozenset", "view") for v in everything):
        written = ctx.doc.source(arg.value)
        fixes.append(fix(f"Convert `{written}` to a set with set()", replace(ctx, arg.value, f"set({written})"),
                         preferred=not fixes))
    return fixes


def _title(values: Sequence[Value]) -> str:
    if len(values) > 1:
        return "Make each policy a set"
    kind, node = values[0].kind, values[0].node
    return "Wrap the class in a set" if kind == "class" else (
        f"Convert {kind} to set" if isinstance(node, (ast.List, ast.Tuple, ast.ListComp))
        else f"Convert {kind}(...) to set(...)" if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id == kind else "Make it a set with set()")


def written_for_here(ctx: Context, arg: Arg, values: Sequence[Value]) -> str | None:
    """The path of the other module of the project whose module-level `NAME = <literal>` writes every
    one of `values`, when a fix may edit it there: the argument is a name this document binds once (by
    its import) and reads only here, and that module binds `NAME` once and reads it nowhere itself.
    (Other modules that import `NAME` too are not looked at.)"""
    if not values or not all(v.kind in CONVERTIBLE and v.foreign and v.flow is not None for v in values):
        return None
    origins = {v.flow.origin for v in values if v.flow is not None}
    if len(origins) != 1 or not ctx.only_use(arg.value):
        return None
    origin = origins.pop()
    other = values[0].flow.ctx  # type: ignore[union-attr]
    for value in values:
        assign = other.parents.get(value.node) if value.node is not None else None
        if not (isinstance(assign, ast.Assign) and assign.value is value.node and len(assign.targets) == 1
                and isinstance(assign.targets[0], ast.Name) and other.parents.get(assign) is other.module):
            return None
        name = assign.targets[0].id
        if other.loads_named(name) or len(other.bindings(name, other.module)) != 1:
            return None
    return origin


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
