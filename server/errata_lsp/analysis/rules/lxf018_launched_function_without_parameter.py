"""LXF018: the function given to `fabric.launch` takes no parameter.

Fabric's own check, for every strategy: the launcher calls `function(fabric, *args, **kwargs)` in
each process, so `Fabric.launch` raises TypeError "`Fabric.launch(function=...)` needs to take at least
one argument" (fabric.py l.1001) when `inspect.signature(function).parameters` is empty. Under
XLAFSDP the worker needs that argument anyway: the parent's global `fabric` is not the one that was
launched in the worker.

Only local functions with no decorator are checked (a decorator may change the signature). The fix
adds a `fabric` first parameter; a body that used a global `fabric` now uses the launched one, which
is what the worker needs.
"""

from __future__ import annotations

import ast
import re

from ..context import Context
from ..findings import Edit, Position, Severity, Span
from ..rule import Invalid, Rule, Valid, fix
from ..pack import launch_target


class LaunchedFunctionWithoutParameter(Rule):
    code = "LXF018"
    record = "c5dab76741ad5307"
    name = "launched-function-without-parameter"
    summary = "The function given to `fabric.launch` must take the Fabric as its first argument"
    severity = Severity.ERROR
    triggers = ("launch",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "def train():\n"
            "    model = fabric.setup_module(Net())\n"
            "fabric.launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "fabric.launch(train)\n",
            message="needs to take at least one argument",
            count=1, at="5:15-5:20", severity="error",
        ),
        Invalid(
            "import lightning as L\n"
            "async def main( ) -> None:  # entry\n"
            "    pass\n"
            "L.Fabric(strategy='fsdp').launch(function=main)\n",
            fixed="import lightning as L\n"
            "async def main(fabric ) -> None:  # entry\n"
            "    pass\n"
            "L.Fabric(strategy='fsdp').launch(function=main)\n",
            count=1, at="4:43-4:47", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "def train(fabric, steps=10):\n    pass\n"
              "def run(*args):\n    pass\n"
              "fabric.launch(train)\n"
              "fabric.launch(run)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "@with_fabric\n"
              "def train():\n    pass\n"
              "fabric.launch(train)\n"
              "fabric.launch(imported_train)\n"),
    )

    def check(self, ctx: Context):
        for call, fabric in ctx.method_calls("launch"):
            target = launch_target(call)
            func = ctx.local_function(target) if target is not None else None
            if func is None or decorated(ctx, func) or has_parameters(func) or ctx.fabric_kind(fabric) is None:
                continue
            message = (
                f"`Fabric.launch(function={func.name})` needs to take at least one argument: the launcher passes "
                f"the Fabric object to `{func.name}`, so Fabric raises TypeError. Define `def {func.name}(fabric):`"
            )
            edit = add_fabric_parameter(ctx, func)
            fixes = [fix(f"Add a `fabric` parameter to `{func.name}`", edit, preferred=True)] if edit else []
            yield self.finding(ctx, target, message, fixes)  # type: ignore[arg-type]


def decorated(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Decorators, also when the document was parsed in chunks that cut them off the `def`."""
    if func.decorator_list:
        return True
    line = func.lineno - 2
    while line >= 0 and not ctx.doc.lines[line].strip():
        line -= 1
    return line >= 0 and ctx.doc.lines[line].lstrip().startswith("@")


def has_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    a = func.args
    return bool(a.posonlyargs or a.args or a.vararg or a.kwonlyargs or a.kwarg)


def add_fabric_parameter(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> Edit | None:
    """Insert `fabric` into the empty parentheses of `def name()`, when they are on the `def` line."""
    start = ctx.doc.span(func).start
    line = ctx.doc.lines[start.line]
    m = re.compile(rf"(?:async\s+)?def\s+{re.escape(func.name)}\s*(?:\[[^\]]*\])?\s*\((?=\s*\))").match(line, start.column)
    if m is None:
        return None
    at = Position(start.line, m.end())
    return Edit(Span(at, at), "fabric")


RULE = LaunchedFunctionWithoutParameter()
