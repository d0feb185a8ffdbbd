"""LXF018: the function given to `fabric.launch` takes no parameter.

Fabric's own check, for every strategy: the launcher calls `function(fabric, *args, **kwargs)` in
each process, so `Fabric.launch` raises TypeError "`Fabric.launch(function=...)` needs to take at least
one argument" (fabric.py l.1001) when `inspect.signature(function).parameters` is empty. Under
XLAFSDP the worker needs that argument anyway: the parent's global `fabric` is not the one that was
launched in the worker.

Checked for local functions with no decorator (a decorator may change the signature), the function a
local factory returns, methods of the file's classes (`self` of one read through an instance, `cls` of
a classmethod do not count; a staticmethod has none) and lambdas. The fix adds a `fabric` first
parameter to a `def`; a body that used a global `fabric` now uses the launched one, which is what the
worker needs. A lambda gets no fix: it cannot be sent to the XLA processes either.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import cast

from ....context import Context
from ....findings import Finding, Severity
from ....rule import Invalid, Rule, Valid, fix
from ...lightning.fabric import fabric_kind
from ..facts import launch_target
from ..launched import add_fabric_parameter, decorated, has_parameters


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
            "FABRIC = Fabric(strategy='xla_fsdp')\n"
            "def make_worker(steps):\n"
            "    def worker():\n"
            "        FABRIC.setup_module(Net())\n"
            "    return worker\n"
            "worker = make_worker(2)\n"
            "FABRIC.launch(worker)\n",
            message="`Fabric.launch(function=worker)` needs to take at least one argument",
            count=1, at="8:15-8:21", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "FABRIC = Fabric(strategy='xla_fsdp')\n"
              "def make_worker(steps):\n"
              "    def worker(fabric):\n"
              "        fabric.setup_module(Net())\n"
              "    return worker\n"
              "worker = make_worker(2)\n"
              "FABRIC.launch(worker)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, steps):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(lambda: train(fabric, 10))\n",
            message="`Fabric.launch(function=<lambda>)` needs to take at least one argument",
            count=1, at="5:15-5:40", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "FABRIC = Fabric(strategy='xla_fsdp')\n"
            "class Experiment:\n"
            "    @staticmethod\n"
            "    def run():\n"
            "        FABRIC.setup_module(Net())\n"
            "FABRIC.launch(Experiment.run)\n",
            fixed="from lightning.fabric import Fabric\n"
            "FABRIC = Fabric(strategy='xla_fsdp')\n"
            "class Experiment:\n"
            "    @staticmethod\n"
            "    def run(fabric):\n"
            "        FABRIC.setup_module(Net())\n"
            "FABRIC.launch(Experiment.run)\n",
            message="`Fabric.launch(function=Experiment.run)` needs to take at least one argument",
            count=1, at="7:15-7:29", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def fit(self):\n"
            "        pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(Trainer().fit)\n",
            count=1, at="6:15-6:28", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "class Trainer:\n"
              "    def fit(self, fabric):\n"
              "        pass\n"
              "    @classmethod\n"
              "    def run(cls, fabric):\n"
              "        pass\n"
              "    @staticmethod\n"
              "    def main(fabric):\n"
              "        pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(Trainer().fit)\n"
              "fabric.launch(Trainer.run)\n"
              "fabric.launch(Trainer.main)\n"),
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

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("launch"):
            target = launch_target(call)
            if isinstance(target, ast.Lambda) and not has_parameters(target, False) and fabric_kind(ctx, fabric):
                yield self.finding(ctx, target, (
                    "`Fabric.launch(function=<lambda>)` needs to take at least one argument: the launcher passes the "
                    "Fabric object to it, so Fabric raises TypeError. Define `def train(fabric): ...` at module level "
                    "and pass `train` (a lambda cannot be sent to the XLA processes either)"))
                continue
            launched = _launched_def(ctx, target) if target is not None else None
            if target is None or launched is None or has_parameters(*launched) or fabric_kind(ctx, fabric) is None:
                continue
            func = launched[0]
            message = (
                f"`Fabric.launch(function={ctx.doc.source(target)})` needs to take at least one argument: the launcher passes "
                f"the Fabric object to `{func.name}`, so Fabric raises TypeError. Define `def {func.name}(fabric):`"
            )
            edit = add_fabric_parameter(ctx, func)
            fixes = [fix(f"Add a `fabric` parameter to `{func.name}`", edit, preferred=True)] if edit else []
            yield self.finding(ctx, target, message, fixes)


def _launched_def(ctx: Context, target: ast.expr) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool] | None:
    """The local def `launch` is given, and whether its first parameter is already bound (a method read
    through an instance, a classmethod); None when the file cannot tell or a decorator may change it."""
    func = ctx.local_function(target)
    if func is not None:
        return None if decorated(ctx, func) else (func, False)
    if not isinstance(target, (ast.Attribute, ast.Name)):
        return None
    # `Experiment.run`, `trainer.fit`: a method of a class of this file; `worker = make_worker(cfg)`: the
    # function a local factory returns
    value = ctx.local_definition(target)
    if value is None:
        return None
    method = cast("ast.FunctionDef | ast.AsyncFunctionDef", value.node)
    decorators = [ctx.doc.source(d) for d in method.decorator_list]
    if any(d not in ("staticmethod", "classmethod") for d in decorators):
        return None
    through_instance = isinstance(value.extra, tuple) and value.extra[:1] == ("method",)
    bound = "classmethod" in decorators or through_instance and "staticmethod" not in decorators
    return method, bound


RULE = LaunchedFunctionWithoutParameter()
