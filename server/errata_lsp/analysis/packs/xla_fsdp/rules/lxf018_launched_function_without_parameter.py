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

What the launcher calls may also take parameters and still not take the Fabric first: then Python's
own TypeError is raised in each process, before the worker's body runs. The wrapper a decorator returns
(`def wrapper(**kwargs)`: "takes 0 positional arguments but 1 was given"), a `functools.partial` whose
keywords already bind the parameter the Fabric lands in (`partial(train, steps=2)` of
`def train(steps, lr, fabric=None)`: "got multiple values for argument 'steps'"), a function of
another module, an instance whose class's `__call__` does not take it: the binding is worked out
from the `def` (`analysis/signatures.py`) with the Fabric and `launch`'s own extra arguments, and
reported where the `def` is when it is in another module.

It may bind and still not take the Fabric first: `def main(cfg, fabric)` launched as `launch(main, cfg)`
puts the Fabric in `cfg` and `cfg` in `fabric`, and the body's first Fabric member read on that parameter
(on every path) raises AttributeError, when what it holds is known to lack it (a plain value, or an
instance of a class of the file that derives from nothing). The fix swaps the two parameters when the
launch is the function's only reader. A `functools.partial` that binds by position the parameter the body
uses as the Fabric (`launch(partial(train, cfg))` of `def train(fabric, cfg)`) does the same; the fix passes
the partial's argument by keyword, to the parameter the Fabric took.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from ....binder import walk
from ....context import Context, place_in
from ....findings import Edit, Finding, Fix, Severity
from ....flow import parameter_default
from ....rule import Invalid, Rule, Valid, fix, short
from ....signatures import MISSING, binding_error
from ....values import Value
from ...lightning.fabric import fabric_kind
from ...lightning.names import FABRIC_MEMBERS
from ..facts import launch_target
from ..launched import add_fabric_parameter, decorated, has_parameters

# decorators that leave how a function is called as it is
PLAIN_DECORATORS = ("staticmethod", "classmethod", "functools.wraps", "wraps")


class LaunchedFunctionWithoutParameter(Rule):
    code = "LXF018"
    record = "c5dab76741ad5307"
    name = "launched-function-without-parameter"
    summary = "The function given to `fabric.launch` must take the Fabric as its first argument"
    severity = Severity.ERROR
    reveals = ("LXF006",)  # a nested def given its parameter is then pickled by the XLA launch, which it cannot be
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
        Invalid(
            "import functools\n"
            "from lightning.fabric import Fabric\n"
            "def timed(fn):\n"
            "    @functools.wraps(fn)\n"
            "    def wrapper(**kwargs):\n"
            "        return fn(**kwargs)\n"
            "    return wrapper\n"
            "@timed\n"
            "def train(fabric):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n",
            message="Python raises TypeError \"train() takes 0 positional arguments but 1 was given\" in every "
                    "process. `train` is `wrapper` (line 5), the function its decorator returns",
            count=1, at="12:15-12:20", severity="error",
        ),
        Valid("import functools\n"
              "from lightning.fabric import Fabric\n"
              "def timed(fn):\n"
              "    @functools.wraps(fn)\n"
              "    def wrapper(*args, **kwargs):\n"
              "        return fn(*args, **kwargs)\n"
              "    return wrapper\n"
              "@timed\n"
              "def train(fabric):\n"
              "    pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(train)\n"),
        Invalid(
            "from functools import partial\n"
            "from lightning.fabric import Fabric\n"
            "def train(steps, lr, fabric=None):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(partial(train, steps=2, lr=0.1))\n",
            message="which goes to its parameter `steps`: Python raises TypeError \"train() got multiple values for "
                    "argument 'steps'\" in every process. Make the Fabric the first parameter of `train` (line 3)",
            count=1, at="6:15-6:46", severity="error",
        ),
        Valid("from functools import partial\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric, steps, lr):\n"
              "    pass\n"
              "def evaluate(data, fabric, every=1):\n"
              "    pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(partial(train, steps=2, lr=0.1))\n"
              "fabric.launch(partial(evaluate, [1]))\n"
              "fabric.launch(train, 2, lr=0.1)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Experiment:\n"
            "    def __call__(self, *, fabric):\n"
            "        pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(Experiment())\n",
            message="Python raises TypeError \"Experiment.__call__() takes 1 positional argument but 2 were given\"",
            count=1, at="6:15-6:27", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Experiment:\n"
            "    def __call__(self):\n"
            "        pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(Experiment())\n",
            message="`Fabric.launch(function=Experiment())` needs to take at least one argument",
            count=1, at="6:15-6:27", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "class Experiment:\n"
              "    def __call__(self, fabric, steps=2):\n"
              "        pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(Experiment())\n"),
        Invalid(
            "from dataclasses import dataclass\n"
            "from lightning.fabric import Fabric\n"
            "@dataclass\n"
            "class Config:\n"
            "    lr: float = 0.1\n"
            "def main(cfg: Config, fabric: Fabric):\n"
            "    with fabric.init_module():\n"
            "        model = Net()\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(main, Config())\n",
            fixed="from dataclasses import dataclass\n"
                  "from lightning.fabric import Fabric\n"
                  "@dataclass\n"
                  "class Config:\n"
                  "    lr: float = 0.1\n"
                  "def main(fabric: Fabric, cfg: Config):\n"
                  "    with fabric.init_module():\n"
                  "        model = Net()\n"
                  "fabric = Fabric(strategy='xla_fsdp')\n"
                  "fabric.launch(main, Config())\n",
            message="which goes to its parameter `cfg`, and `fabric` gets the next one, `Config()`: `fabric.init_module` (line 7) "
                    "raises AttributeError \"'Config' object has no attribute 'init_module'\" in every process",
            count=1, at="10:15-10:19", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def main(settings, fabric):\n"
            "    fabric.seed_everything(settings['seed'])\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(main, {'seed': 1})\n",
            fixed="from lightning.fabric import Fabric\n"
                  "def main(fabric, settings):\n"
                  "    fabric.seed_everything(settings['seed'])\n"
                  "fabric = Fabric(strategy='xla_fsdp')\n"
                  "fabric.launch(main, {'seed': 1})\n",
            message="`fabric.seed_everything` (line 3) raises AttributeError \"'dict' object has no attribute "
                    "'seed_everything'\"",
            count=1, at="5:15-5:19", severity="error",
        ),
        Invalid(
            "import functools\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, cfg):\n"
            "    model = fabric.setup_module(Net())\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "job = functools.partial(train, {'lr': 0.1})\n"
            "fabric.launch(job)\n",
            fixed="import functools\n"
                  "from lightning.fabric import Fabric\n"
                  "def train(fabric, cfg):\n"
                  "    model = fabric.setup_module(Net())\n"
                  "fabric = Fabric(strategy='xla_fsdp')\n"
                  "job = functools.partial(train, cfg={'lr': 0.1})\n"
                  "fabric.launch(job)\n",
            message="`Fabric.launch(function=job)` calls it with the Fabric as its first argument, which goes to its "
                    "parameter `cfg`: the partial gives `{'lr': 0.1}` to `fabric`, so `fabric.setup_module` (line 4) raises "
                    "AttributeError \"'dict' object has no attribute 'setup_module'\" in every process. Give the partial's "
                    "argument by keyword: `partial(train, cfg=...)`",
            count=1, at="7:15-7:18", severity="error",
        ),
        Valid("import functools\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric, cfg):\n"
              "    model = fabric.setup_module(Net())\n"
              "def evaluate(cfg, fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "def report(fabric, cfg):\n"
              "    if cfg:\n"
              "        fabric.print(cfg)\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(functools.partial(train, cfg={'lr': 0.1}))\n"
              "fabric.launch(functools.partial(evaluate, {'lr': 0.1}))\n"
              "fabric.launch(functools.partial(report, load_settings()))\n"),
        Valid("from lightning.fabric import Fabric\n"
              "class Settings:\n"
              "    def print(self, *args):\n"
              "        pass\n"
              "def main(cfg, fabric):\n"
              "    if cfg.verbose:\n"
              "        fabric.setup_module(Net())\n"
              "def report(fabric, out):\n"
              "    out.print(fabric.device)\n"
              "def both(fabric, other):\n"
              "    other.barrier()\n"
              "    fabric.barrier()\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(main, {'verbose': True})\n"
              "fabric.launch(report, Settings())\n"
              "fabric.launch(main, load_settings())\n"
              "fabric.launch(both, fabric)\n"),
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
            if target is None or fabric_kind(ctx, fabric) is None:
                continue
            if launched is None or has_parameters(*launched):
                found = _misbound(ctx, call, target)
                if found is not None:
                    yield found
                continue
            func = launched[0]
            message = (
                f"`Fabric.launch(function={ctx.doc.source(target)})` needs to take at least one argument: the launcher passes "
                f"the Fabric object to `{func.name}`, so Fabric raises TypeError. Define `def {func.name}(fabric):`"
            )
            edit = add_fabric_parameter(ctx, func)
            fixes = [fix(f"Add a `fabric` parameter to `{func.name}`", edit, preferred=True)] if edit else []
            yield self.finding(ctx, target, message, fixes)


def _misbound(ctx: Context, launch: ast.Call, target: ast.expr) -> Finding | None:
    """The TypeError Python raises when the launcher calls what `target` holds (on every path) with the
    Fabric first and `launch`'s own arguments after it, or None when it binds or the file cannot tell."""
    if any(isinstance(a, ast.Starred) for a in launch.args) or any(k.arg is None for k in launch.keywords):
        return None
    values = ctx.values(target)
    if len(values) != 1:
        return None
    value = values[0]
    positional = len(launch.args) if launch.args else 1  # the Fabric, then what follows the function
    keywords = [k.arg for k in launch.keywords if k.arg is not None and k.arg != "function"]
    partial: ast.Call | None = None
    if value.kind == "partial" and isinstance(value.node, ast.Call) and value.node.args:
        partial = value.node
        if any(isinstance(a, ast.Starred) for a in partial.args) or any(k.arg is None for k in partial.keywords):
            return None
        positional += len(partial.args) - 1
        keywords += [k.arg for k in partial.keywords if k.arg is not None]
        wrapped = ctx.values(partial.args[0])  # the function, with the module it is written in
        if len(wrapped) != 1:
            return None
        value = wrapped[0]
    func = value.node
    called = _call_method(value) if partial is None else None  # an instance: its class's `__call__`
    if called is not None:
        func = called
    elif value.kind != "function" or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    if value.flow is None:
        return None
    owner = value.flow.ctx
    decorators = [owner.doc.source(d).split("(")[0] for d in func.decorator_list]
    if any(name not in PLAIN_DECORATORS and not value.flow.keeps_what_it_decorates(d)
           for name, d in zip(decorators, func.decorator_list)):
        return None  # a decorator the file does not read may change the signature
    bound = called is not None or value.kind == "function" and isinstance(value.extra, tuple) \
        and value.extra[:1] == ("method",) and "staticmethod" not in decorators or "classmethod" in decorators
    if called is not None and not has_parameters(called, True):  # `inspect.signature(instance)` is empty
        return LaunchedFunctionWithoutParameter.finding(RULE, ctx, target, (
            f"`Fabric.launch(function={short(ctx.doc.source(target))})` needs to take at least one argument: the "
            f"launcher passes the Fabric object to `{called.name}` (line {called.lineno}), so Fabric raises TypeError. "
            "Define it as `def __call__(self, fabric):`"))
    found = binding_error(func, _qualname(owner, func, target), positional, keywords, bound)
    if found is None:
        return _fabric_used_from_another_parameter(ctx, launch, target, value, func, partial, bound)
    if found[0] == MISSING:
        return None  # binds, or leaves another parameter without a value: not where the Fabric goes
    error = found[1]
    what = ctx.doc.source(target)
    lands = _landing(func, partial, bound)
    where = f"line {func.lineno}" if not value.foreign else f"{value.flow.origin_name}, line {func.lineno}"
    written = ctx.local_function(target)
    if written is not None and written is not func:  # `@timed def train`: `train` is the wrapper
        advice = (f"`{what}` is `{func.name}` ({where}), the function its decorator returns: let it take "
                  "`*args, **kwargs` and pass them on to the function it wraps")
    else:
        advice = f"Make the Fabric the first parameter of `{func.name}` ({where}), as `def {func.name}(fabric, ...)`"
    message = (f"`Fabric.launch(function={short(what)})` calls it with the Fabric as its first argument"
               f"{lands}: Python raises TypeError \"{error}\" in every process. {advice}")
    fixes: list[Fix] = []
    if partial is None and (written is None or written is func) and not has_parameters(func, bound):
        # (`launch(ENTRY_POINTS[RUN_ENTRY])`, `launch(trainer.fit)`: Fabric's own check of the signature comes first)
        own = "".join(f"{a.arg}, " for a in [*func.args.posonlyargs, *func.args.args][:1] if bound)
        message = (f"`Fabric.launch(function={short(what)})` needs to take at least one argument: the launcher passes "
                   f"the Fabric object to `{func.name}` ({where}), so Fabric raises TypeError. Define "
                   f"`def {func.name}({own}fabric):`")
        edit = add_fabric_parameter(ctx, func) if owner is ctx and not bound else None
        fixes = [fix(f"Add a `fabric` parameter to `{func.name}`", edit, preferred=True)] if edit else []
    finding = LaunchedFunctionWithoutParameter.finding(RULE, ctx, target, message, fixes)
    if value.foreign and value.flow.origin is not None:
        first = [*func.args.posonlyargs, *func.args.args]
        at = first[1 if bound else 0] if len(first) > (1 if bound else 0) else func
        finding = replace(finding, elsewhere=place_in(value.flow, at))
    return finding


def _fabric_used_from_another_parameter(ctx: Context, launch: ast.Call, target: ast.expr, value: Value,
                                        func: ast.FunctionDef | ast.AsyncFunctionDef, partial: ast.Call | None,
                                        bound: bool) -> Finding | None:
    """It binds, but the Fabric lands in a parameter the body does not use as one, while it uses a later
    one as the Fabric (`def main(cfg, fabric)` launched as `launch(main, cfg)`): that parameter holds
    `launch`'s next argument, and the first Fabric member read on it, on every path, raises AttributeError."""
    if value.flow is None or partial is not None and partial.keywords:
        return None
    owner = value.flow.ctx
    if partial is not None:
        found = _fabric_bound_by_partial(ctx, target, value, func, partial, bound)
        if found is not None:
            return found
    params = [*func.args.posonlyargs, *func.args.args][(1 if bound else 0) + (len(partial.args) - 1 if partial else 0):]
    extras = launch.args[1:]
    if len(params) < 2 or _fabric_reads(owner, func, params[0].arg):
        return None
    for index, param in enumerate(params[1:len(extras) + 1]):
        read = next(iter(_fabric_reads(owner, func, param.arg)), None)
        if read is None or not _on_every_path(owner, read, func):
            continue
        given = extras[index]
        shown = _lacks_member(ctx, given, read.attr)
        if shown is None:
            return None
        module = f"{value.flow.origin_name}, " if value.foreign else ""
        where = f"{module}line {func.lineno}"
        message = (
            f"`Fabric.launch(function={short(ctx.doc.source(target))})` calls it with the Fabric as its first argument"
            f"{_landing(func, partial, bound)}, and `{param.arg}` gets the next one, `{short(ctx.doc.source(given))}`: "
            f"`{param.arg}.{read.attr}` ({module}line {read.lineno}) raises AttributeError \"'{shown}' object has no attribute "
            f"'{read.attr}'\" in every process. Make the Fabric the first parameter of `{func.name}` ({where}), as "
            f"`def {func.name}({param.arg}, {params[0].arg}, ...)`")
        fixes = [] if value.foreign else _swap_fix(owner, func, params[0], param)
        finding = LaunchedFunctionWithoutParameter.finding(RULE, ctx, target, message, fixes)
        if value.foreign and value.flow.origin is not None:
            finding = replace(finding, elsewhere=place_in(value.flow, params[0]))
        return finding
    return None


def _fabric_bound_by_partial(ctx: Context, target: ast.expr, value: Value, func: ast.FunctionDef | ast.AsyncFunctionDef,
                             partial: ast.Call, bound: bool) -> Finding | None:
    """`launch(partial(train, cfg))` of `def train(fabric, cfg)`: the partial's positional argument fills the
    parameter the body uses as the Fabric, and the Fabric goes to the next one; the first Fabric member read
    on it, on every path, raises AttributeError. The fix gives the partial's argument by keyword, to the
    parameter the Fabric took, when the partial binds one argument by position."""
    if ctx.parents.get(partial) is None:
        return None  # a partial another module writes: its arguments are read there
    owner = value.flow.ctx if value.flow is not None else ctx
    params = [*func.args.posonlyargs, *func.args.args][1 if bound else 0:]
    given = partial.args[1:]
    if len(params) <= len(given):
        return None
    for param, passed in zip(params, given):
        read = next(iter(_fabric_reads(owner, func, param.arg)), None)
        if read is None or not _on_every_path(owner, read, func):
            continue
        shown = _lacks_member(ctx, passed, read.attr)
        if shown is None:
            return None
        module = f"{value.flow.origin_name}, " if value.foreign and value.flow is not None else ""
        landing = params[len(given)]
        message = (
            f"`Fabric.launch(function={short(ctx.doc.source(target))})` calls it with the Fabric as its first argument"
            f", which goes to its parameter `{landing.arg}`: the partial gives `{short(ctx.doc.source(passed))}` to "
            f"`{param.arg}`, so `{param.arg}.{read.attr}` ({module}line {read.lineno}) raises AttributeError "
            f"\"'{shown}' object has no attribute '{read.attr}'\" in every process. Give the partial's argument by "
            f"keyword: `partial({ctx.doc.source(partial.args[0])}, {landing.arg}=...)`")
        fixes = []
        if len(given) == 1 and not func.args.posonlyargs and landing.arg not in {k.arg for k in partial.keywords}:
            edit = Edit(ctx.doc.span(passed), f"{landing.arg}={ctx.doc.source(passed)}")
            fixes = [fix(f"Pass `{short(ctx.doc.source(passed))}` as `{landing.arg}=`", edit, preferred=True)]
        finding = LaunchedFunctionWithoutParameter.finding(RULE, ctx, target, message, fixes)
        if value.foreign and value.flow is not None and value.flow.origin is not None:
            finding = replace(finding, elsewhere=place_in(value.flow, param))
        return finding
    return None


def _fabric_reads(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[ast.Attribute]:
    """`name.<Fabric member>` reads in `func` (nested functions too) of a parameter it never binds again,
    in the order they are written."""
    reads, stores = [], False
    for node in walk(func):  # (sorted below: the walk without leaves)
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores = True
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name \
                and node.attr in FABRIC_MEMBERS:
            reads.append(node)
    return [] if stores else sorted(reads, key=lambda n: (n.lineno, n.col_offset))


def _on_every_path(ctx: Context, node: ast.AST, func: ast.AST) -> bool:
    """Nothing between `node` and the body of `func` may skip it: no branch, loop, `try`, or nested def."""
    current = ctx.parents.get(node)
    while current is not None and current is not func:
        if isinstance(current, (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match, ast.BoolOp,
                                ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.comprehension)) \
                or isinstance(current, ast.stmt) and getattr(current, "handlers", None):
            return False
        current = ctx.parents.get(current)
    return current is func


# what `launch`'s extra argument may be for its attribute read to raise AttributeError (not a Fabric)
PLAIN_KINDS = {"bool": "bool", "dict": "dict", "frozenset": "frozenset", "list": "list", "none": "NoneType",
               "set": "set", "str": "str", "tuple": "tuple"}


def _lacks_member(ctx: Context, given: ast.expr, member: str) -> str | None:
    """The type name of what `given` holds on every path when it has no attribute `member`: a plain value,
    or an instance of a class of the project that derives from nothing and defines no such name."""
    values = ctx.values(given)
    kinds = {PLAIN_KINDS.get(v.kind) for v in values if v.kind != "instance"}
    classes = {v.extra[0] for v in values if v.kind == "instance" and isinstance(v.extra, tuple)
               and isinstance(v.extra[0], ast.ClassDef)}
    if not values or None in kinds or len(kinds) + len(classes) != 1 \
            or len(classes) != sum(1 for v in values if v.kind == "instance"):
        return None
    if kinds:
        return kinds.pop()
    cls = classes.pop()
    if cls.bases or cls.keywords or member in _class_names(cls):
        return None
    return cls.name


def _class_names(cls: ast.ClassDef) -> set[str]:
    """The names a class body binds (attributes, fields, methods)."""
    names = set()
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _swap_fix(ctx: Context, func: ast.FunctionDef | ast.AsyncFunctionDef, first: ast.arg, fabric: ast.arg) -> list[Fix]:
    """Swap the two parameters in the `def`, when neither has a default and nothing but the launch reads
    the function (another call would pass its arguments in the old order)."""
    if any(parameter_default(func, p) is not None for p in (first, fabric)) or len(ctx.loads_named(func.name)) != 1:
        return []
    texts = [ctx.doc.source(p) for p in (first, fabric)]
    edits = [Edit(ctx.doc.span(first), texts[1]), Edit(ctx.doc.span(fabric), texts[0])]
    return [fix(f"Make `{fabric.arg}` the first parameter of `{func.name}`", *edits, preferred=True)]


def _call_method(value: Value) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The `__call__` an instance of a class of the project runs, when its class defines it and derives
    from nothing (a base could define another)."""
    if value.kind != "instance" or not isinstance(value.extra, tuple) or not isinstance(value.extra[0], ast.ClassDef):
        return None
    cls = value.extra[0]
    if cls.bases:
        return None
    return next((m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__call__"),
                None)


def _landing(func: ast.FunctionDef | ast.AsyncFunctionDef, partial: ast.Call | None, bound: bool) -> str:
    """Where the Fabric lands: the parameter after those the partial binds by position."""
    params = [*func.args.posonlyargs, *func.args.args][1 if bound else 0:]
    index = len(partial.args) - 1 if partial is not None else 0
    if index < len(params):
        return f", which goes to its parameter `{params[index].arg}`"
    return ""


def _qualname(owner: Context, func: ast.FunctionDef | ast.AsyncFunctionDef, target: ast.expr) -> str:
    """The name Python's message gives the function: its `__qualname__` (a wrapper made with
    `functools.wraps` takes the wrapped function's)."""
    if any(owner.doc.source(d).split("(")[0] in ("functools.wraps", "wraps") for d in func.decorator_list) \
            and isinstance(target, ast.Name):
        return target.id
    parts = [func.name]
    node = owner.parents.get(func)
    while node is not None and not isinstance(node, ast.Module):
        if isinstance(node, ast.ClassDef):
            parts.append(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts.append(f"{node.name}.<locals>")
        node = owner.parents.get(node)
    return ".".join(reversed(parts))


def _launched_def(ctx: Context, target: ast.expr) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool] | None:
    """The local def `launch` is given, and whether its first parameter is already bound (a method read
    through an instance, a classmethod); None when the file cannot tell or a decorator may change it."""
    func = ctx.local_function(target)
    if func is not None:
        kept = all(ctx.flow.keeps_what_it_decorates(d) for d in func.decorator_list)
        return None if decorated(ctx, func) and not (func.decorator_list and kept) else (func, False)
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
