"""How Python binds a call's arguments to a function's parameters, read from its `def` (never run).

`binding_error` says which TypeError a call raises before the body runs, in the words CPython 3.11
uses: keywords first (an unexpected one, one already given by position), then too many positional
arguments, then a required parameter left without a value.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

Signature = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(missing: list[str]) -> str:
    quoted = [f"'{m}'" for m in missing]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


MISSING = "missing"  # the kind of error when a parameter is left without a value; any other is about what is given


def binding_error(func: Signature, name: str, positional: int, keywords: Collection[str],
                  bound_self: bool = False) -> tuple[str, str] | None:
    """(kind, TypeError message) of calling `func` (called `name` in the message, as its `__qualname__`)
    with `positional` arguments by position and `keywords` by name, the instance or class it is bound
    to not counted; None when they bind. The kind is "keyword" (unexpected, or positional-only given by
    name), "multiple" (given by position and by name), "positional" (too many) or MISSING. The caller
    counts only what it can: no `*xs` or `**kw` in the call."""
    a = func.args
    params = [*a.posonlyargs, *a.args]
    given = positional + (1 if bound_self else 0)
    by_position = {p.arg for p in params[:given]}
    named = {p.arg for p in a.args} | {p.arg for p in a.kwonlyargs}  # posonly ones cannot be given by name
    for key in keywords:
        if key not in named and a.kwarg is None and key in {p.arg for p in a.posonlyargs}:
            return "keyword", f"{name}() got some positional-only arguments passed as keyword arguments: '{key}'"
        if key not in named:
            if a.kwarg is None:
                return "keyword", f"{name}() got an unexpected keyword argument '{key}'"
        elif key in by_position:
            return "multiple", f"{name}() got multiple values for argument '{key}'"
    if given > len(params) and a.vararg is None:
        required = len(params) - len(a.defaults)
        takes = _plural(len(params), "positional argument") if required == len(params) else \
            f"from {required} to {len(params)} positional arguments"
        keyword_only = sum(1 for k in keywords if k in {p.arg for p in a.kwonlyargs})
        also = f" positional {'argument' if given == 1 else 'arguments'} (and {_plural(keyword_only, 'keyword-only argument')})" \
            if keyword_only else ""
        was = "was" if given == 1 and not keyword_only else "were"
        return "positional", f"{name}() takes {takes} but {given}{also} {was} given"
    defaults = len(a.defaults)
    missing = [p.arg for i, p in enumerate(params)
               if i >= given and p.arg not in keywords and i < len(params) - defaults]
    if missing:
        return MISSING, f"{name}() missing {_plural(len(missing), 'required positional argument')}: {_names(missing)}"
    missing = [p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is None and p.arg not in keywords]
    if missing:
        return MISSING, f"{name}() missing {_plural(len(missing), 'required keyword-only argument')}: {_names(missing)}"
    return None
