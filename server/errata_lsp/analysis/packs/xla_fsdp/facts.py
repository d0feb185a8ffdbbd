"""Facts of the XLAFSDP pack that several rules and `detect` sections read: the function given to
`fabric.launch` and the accelerators a strategy object carries."""

from __future__ import annotations

import ast

from ...context import Arg, Context


def launch_target(call: ast.Call) -> ast.expr | None:
    """The function given to `launch`: first positional argument or `function=`."""
    if call.args:
        return None if isinstance(call.args[0], ast.Starred) else call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "function"), None)


def strategy_accelerators(ctx: Context, strategy: Arg | None) -> list[ast.expr] | None:
    """The accelerators the XLAFSDPStrategy objects given to Fabric are built with (None: cannot tell)."""
    if strategy is None:
        return []
    calls = ctx.strategy_calls(strategy.value)
    if calls is None:
        return None
    found = []
    for call in calls:
        args, complete = ctx.keyword_args(call)
        if not complete or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        given = args["accelerator"].value if "accelerator" in args else call.args[0] if call.args else None
        if given is not None:
            value = ctx.value_of(given)
            if not (isinstance(value, ast.Constant) and value.value is None):
                found.append(given)
    return found
