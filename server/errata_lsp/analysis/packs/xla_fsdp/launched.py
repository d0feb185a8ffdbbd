"""The function handed to `fabric.launch`: whether it takes parameters, is decorated, and the one way to
give it a `fabric` parameter."""

from __future__ import annotations

import ast
import re

from ...context import Context
from ...findings import Edit, Position, Span


def decorated(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorators, also when the document was parsed in chunks that cut them off the `def`."""
    if func.decorator_list:
        return True
    line = func.lineno - 2
    while line >= 0 and not ctx.doc.lines[line].strip():
        line -= 1
    return line >= 0 and ctx.doc.lines[line].lstrip().startswith("@")


def has_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, bound: bool = False) -> bool:
    """`func` takes an argument (besides the instance or class its first parameter is `bound` to)."""
    a = func.args
    positional = [*a.posonlyargs, *a.args][1 if bound else 0:]
    return bool(positional or a.vararg or a.kwonlyargs or a.kwarg)


def add_fabric_parameter(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> Edit | None:
    """Insert `fabric` into the empty parentheses of `def name()`, when they are on the `def` line."""
    start = ctx.doc.span(func).start
    line = ctx.doc.lines[start.line]
    m = re.compile(rf"(?:async\s+)?def\s+{re.escape(func.name)}\s*(?:\[[^\]]*\])?\s*\((?=\s*\))").match(line, start.column)
    if m is None:
        return None
    at = Position(start.line, m.end())
    return Edit(Span(at, at), "fabric")
