"""LXF017: `fabric.launch(train())`: the function is called, and its result is passed to launch.

Fabric's own check, for every strategy: `Fabric.launch` raises TypeError "`Fabric.launch(...)` needs
to be a callable, but got None. HINT: do `.launch(your_fn)` instead of `.launch(your_fn())`"
(fabric.py l.996). Worse, `train()` has already run in the parent process; under XLAFSDP it usually
fails even earlier there, with one of the not-launched errors.

Flagged only for a local function that cannot return a callable: no `return` with a value, only
literals, or a training function (it sets up or steps a model on the Fabric it is given: it returns a
loss or a metric). A factory `launch(make_worker(cfg))` that returns a function is fine.

Fixes: `launch(train())` becomes `launch(train)`. If `train` takes no parameter, a `fabric` one is added
(else launch raises LXF018's error); if it takes parameters with defaults, its first one now
receives the Fabric, which is only safe when it is meant to (it is called `fabric`).
`launch(train(fabric, a))` becomes `launch(train, a)`, which is exactly what launch does with
extra arguments (they are pickled to each process under XLA, so that form is unsafe).
Other arguments get no fix: a lambda cannot be pickled to the XLA workers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import cast

from ....context import Context
from ....findings import Finding, Fix, Safety, Severity
from ....rule import Invalid, Rule, Valid, call_items, fix, replace
from ....statements import same_value
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..facts import launch_target
from ..launched import add_fabric_parameter, decorated, has_parameters

NOT_CALLABLE = (ast.Constant, ast.Dict, ast.List, ast.Tuple, ast.Set, ast.JoinedStr, ast.ListComp, ast.DictComp,
                ast.SetComp, ast.GeneratorExp, ast.Compare, ast.BoolOp)
TRAINING = ("setup", "setup_module", "setup_optimizers", "backward")


class LaunchCallResult(Rule):
    code = "LXF017"
    record = "9df4955704c6909e"
    name = "launch-call-result"
    summary = "Pass the function to `fabric.launch`, not the result of calling it"
    severity = Severity.ERROR
    triggers = ("launch",)
    # the function, launched at last, is then checked for how launch binds its arguments (LXF018), and, a nested
    # def, for whether the launch can pickle it (LXF006)
    reveals = ("LXF018", "LXF006")
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self, fabric):\n"
            "        self.fabric = fabric\n"
            "    def fit(self):\n"
            "        self.fabric.setup_module(Net())\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "trainer = Trainer(fabric)\n"
            "fabric.launch(trainer.fit())\n",
            message="but gets the result of `trainer.fit()`",
            count=1, at="9:15-9:28", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train(fabric))\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n",
            message="needs to be a callable",
            count=1, at="5:15-5:28", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train():\n"
            "    return {'loss': 0.0}\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train())\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    return {'loss': 0.0}\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n",
            count=1, at="5:15-5:22", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, steps, lr=0.1):\n"
            "    pass\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.launch(train(fabric, 100, lr=0.2))\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric, steps, lr=0.1):\n"
            "    pass\n"
            "fabric = Fabric(strategy='fsdp')\n"
            "fabric.launch(train, 100, lr=0.2)\n",
            count=1, at="5:15-5:41", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(cfg=None):\n"
            "    pass\n"
            "Fabric(strategy='xla_fsdp').launch(train())\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(cfg=None):\n"
            "    pass\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="4:36-4:43", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(model):\n"
            "    pass\n"
            "Fabric(strategy='xla_fsdp').launch(train(net))\n",
            count=1, at="4:36-4:46", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, steps):\n"
            "    model = fabric.setup_module(Net())\n"
            "    return model(x).item()\n"
            "def start(fabric):\n"
            "    return fabric.launch(train(fabric, 2))\n"
            "start(Fabric(strategy='xla_fsdp'))\n",
            message="but gets the result of `train(fabric, 2)`",
            count=1, at="6:26-6:42", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def make_worker(cfg):\n"
              "    def worker(fabric):\n        pass\n"
              "    return worker\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(make_worker(cfg))\n"
              "fabric.launch(partial(train, cfg=cfg))\n"
              "fabric.launch(imported_train())\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n    pass\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("launch"):
            target = launch_target(call)
            if not isinstance(target, ast.Call):
                continue
            func = ctx.local_function(target.func)
            method = func is None and _method(ctx, target.func)
            if method:
                func = method
            if func is None or decorated(ctx, func) or not _returns_no_callable(ctx, func):
                continue
            kind = fabric_kind(ctx, fabric)
            if kind is None:
                continue
            name = ctx.doc.source(target.func)
            message = (
                f"`Fabric.launch(...)` needs to be a callable, but gets the result of `{_short(ctx.doc.source(target))}`, "
                f"which runs right now in this process: Fabric raises TypeError. HINT: do `.launch({name})` "
                f"instead of `.launch({name}())`"
            )
            if kind == XLA_FSDP:
                message += " (under XLAFSDP the call usually fails even earlier, before any process is spawned)"
            fixes = [] if method else self._fixes(ctx, call, fabric, target, func)  # a method's `self` is no Fabric
            yield self.finding(ctx, target, message, fixes)

    def _fixes(self, ctx: Context, launch: ast.Call, fabric: ast.expr, target: ast.Call,
               func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Fix]:
        if len(launch.args) + len(launch.keywords) != 1:
            return []
        name = ctx.doc.source(target.func)
        if not target.args and not target.keywords:
            if not has_parameters(func):
                edit = add_fabric_parameter(ctx, func)
                if edit is None:
                    return []
                return [fix(f"Pass `{name}` itself and give it a `fabric` parameter", replace(ctx, target, name), edit,
                            preferred=True)]
            first = (func.args.posonlyargs + func.args.args)[:1]
            if first and "fabric" in first[0].arg.lower():
                return [fix(f"Pass `{name}` itself", replace(ctx, target, name), preferred=True)]
            receives = f"its first parameter `{first[0].arg}`" if first else "it"
            return [fix(f"Pass `{name}` itself ({receives} then receives the Fabric)", replace(ctx, target, name),
                        safety=Safety.UNSAFE, preferred=True)]
        first_arg = target.args[0] if target.args else None
        if first_arg is None or not same_value(ctx, first_arg, fabric):
            return []
        items = call_items(target)
        if any(isinstance(a, ast.Starred) for a in target.args) or any(k.arg is None for k in target.keywords):
            return []
        rest = [ctx.doc.source(item) for item in items[1:]]
        new = ", ".join([name, *rest])
        if rest:
            return [fix(f"Pass `{name}` and its arguments to launch (they are sent to each process)",
                        replace(ctx, target, new), safety=Safety.UNSAFE, preferred=True)]
        return [fix(f"Pass `{name}` itself: launch gives it the Fabric", replace(ctx, target, new), preferred=True)]


def _method(ctx: Context, func: ast.expr) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """`trainer.fit` in `launch(trainer.fit())`: the method of a class of this file it names."""
    value = ctx.local_definition(func) if isinstance(func, ast.Attribute) else None
    return cast("ast.FunctionDef | ast.AsyncFunctionDef", value.node) if value is not None else None


def _returns_no_callable(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return all(isinstance(value, NOT_CALLABLE) for value in ctx.returned_values(func)) or _trains(func)


def _trains(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """It sets up or steps a model on the Fabric it is given: a training function (whatever it returns,
    a loss or a metric), not a factory of the function to launch."""
    params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in TRAINING
               and isinstance(node.func.value, ast.Name) and node.func.value.id in params
               for node in ast.walk(func))


def _short(text: str, limit: int = 50) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


RULE = LaunchCallResult()
