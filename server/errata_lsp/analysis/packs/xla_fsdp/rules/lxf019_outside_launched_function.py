"""LXF019: set-up and device calls outside the function given to `fabric.launch`, under XLAFSDP.

Two checks guard the parent process:
* `Fabric._validate_launched` (fabric.py l.1195), at the start of `setup`, `setup_module`,
  `setup_optimizers`, `setup_dataloaders` and `init_module`, raises RuntimeError "To use Fabric with
  more than one device, you must call `.launch()`" until `launch` has been called;
* `XLAFSDPStrategy.root_device` (xla_fsdp.py l.118), behind `fabric.device` and `fabric.to_device`,
  raises RuntimeError "Accessing the XLA device before processes have spawned is not allowed." until
  the strategy's `setup_environment` has run, which happens only inside the spawned workers.

`Fabric._wrap_and_launch` sets `fabric._launched = True` in the parent (fabric.py l.1117), but the
strategy's flag is set only in the workers' copies. So code written in the same scope as the
launch call raises differently depending on where it sits:
* before the launch: the set-up methods raise the `.launch()` error; `device`/`to_device` the device one;
* after the launch has returned: the launch check passes, but `setup`/`setup_module` move the model
  with `to_device` and `setup_dataloaders` wraps the loader for the XLA device, so they raise the
  device error, like `device` and `to_device` do. `setup_optimizers`, `init_module` and set-up with
  `move_to_device=False` do not touch the device there and are not flagged after the launch.

"Outside" is shown by structure only: the same scope as `fabric.launch(fn)` (module level,
`if __name__ == "__main__":`, or a `main()` that launches), on the same `fabric` name; and one level
down, a local function or class called in that scope before the launch (`batch = make_batch(fabric)`,
`Trainer(fabric, model)`, `get_batch()`), or after it has returned (`report(fabric)`), whose body sets up
or reads the device on the parameter that receives the Fabric or on the launched Fabric read as a
global (after the launch, only what touches the device). A function of another module of the project
called so (`init_distributed(fabric)` from `utils/dist.py`) is read the same way, on the parameter that
receives the Fabric, and reported once, on its call here: that call is what has to move. Deeper, the
functions of this file the code before the launch runs (calls, constructions, methods of the instances
it builds, the properties they read; `MAX_REACH` deep) are read for uses on what the value flow says is
the launched Fabric (`self.fabric` of an instance built with it). The top level of the project modules
this file imports before the launch (and of those they import, `MAX_IMPORT_DEPTH` deep) runs in the parent
process at the import: a use there on the launched Fabric (`DEVICE = FABRIC.device` in data.py, FABRIC the
Fabric launcher.py builds) is reported at the launch and placed in that module, where the fix belongs.
Code the project does not show is left alone. There is no fix: the code belongs inside the launched function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....binder import body_nodes, is_generator, negation
from ....context import Context, place_in
from ....findings import Finding, Severity
from ....flow import PROPERTY_DECORATORS, Flow, argument_for
from ....rule import Invalid, Rule, Valid, short
from ....statements import block_of, in_block, same_value
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..facts import launch_target

LAUNCH_RECORD = "2c0b49e3e0298c1c"  # "To use Fabric with more than one device, you must call `.launch()`"
DEVICE_RECORD = "a39f8910da142048"  # "Accessing the XLA device before processes have spawned is not allowed."
VALIDATED = ("setup", "setup_module", "setup_optimizers", "setup_dataloaders", "init_module")
MOVES_MODEL = ("setup", "setup_module")  # through `to_device`, unless `move_to_device=False`



def _launching_lines(ctx: Context, launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]]) -> set[int] | None:
    """The lines of the functions that launch, once per check: a call on no such line is in none of them (its
    scope is not looked up). None when one launches at the module's or a class's level (any line)."""
    def lines() -> set[int] | None:
        out: set[int] = set()
        for scope in launches:
            if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return None
            out.update(range(scope.lineno, (scope.end_lineno or scope.lineno) + 1))
        return out

    return ctx.once("launching lines", ctx.module, lines)

class OutsideLaunchedFunction(Rule):
    code = "LXF019"
    record = LAUNCH_RECORD
    name = "outside-launched-function"
    summary = "Under XLAFSDP, set up and use the device only inside the function given to `fabric.launch`"
    severity = Severity.ERROR
    triggers = ("setup", "device", "init_module", "launch")
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def eval_batch(fabric):\n"
            "    return torch.randn(8, 4).to(fabric.device)\n"
            "def train(fabric, holdout):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "holdout = eval_batch(fabric)\n"
            "fabric.launch(train, holdout)\n",
            message="`fabric.device` runs in `eval_batch`, called at line 8 before `fabric.launch(train, holdout)` (line 9)",
            count=1, at="4:33-4:46", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "class Trainer:\n"
            "    def __init__(self, fab, model):\n"
            "        self.model = fab.setup_module(model)\n"
            "    def fit(self, fabric):\n"
            "        pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "trainer = Trainer(fabric, Net())\n"
            "fabric.launch(trainer.fit)\n",
            message="`fab.setup_module` runs in `Trainer.__init__`, called at line 8",
            count=1, at="4:22-4:38", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def get_batch():\n"
            "    return torch.zeros(2, device=fabric.device)\n"
            "def train(fabric):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "batch = get_batch()\n"
            "fabric.launch(train)\n",
            message="`fabric.device` runs in `get_batch`, called at line 8 before `fabric.launch(train)` (line 9)",
            count=1, at="4:34-4:47", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def report(fabric):\n"
            "    return torch.ones(4, device=fabric.device)\n"
            "def train(fabric):\n"
            "    pass\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "fabric.launch(train)\n"
            "report(fabric)\n",
            message="`fabric.device` runs in `report`, called at line 9 after `fabric.launch(train)` has returned",
            count=1, at="4:33-4:46", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def report(fabric):\n"
              "    fabric.print(fabric.world_size)\n"
              "def train(fabric):\n"
              "    pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(train)\n"
              "report(fabric)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def describe():\n"
              "    fabric = Fabric(accelerator='cpu', devices=1)\n"
              "    return fabric.device\n"
              "def train(fabric):\n"
              "    pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "summary = describe()\n"
              "fabric.launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def eval_batch(fabric):\n"
              "    return torch.randn(8, 4).to(fabric.device)\n"
              "def train(fabric):\n"
              "    holdout = eval_batch(fabric)\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(train)\n"
              "summary = describe(fabric)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "fabric = Fabric(accelerator='tpu', strategy=XLAFSDPStrategy())\n"
            "model = fabric.setup_module(Net())\n"
            "def train(fabric):\n"
            "    pass\n"
            "fabric.launch(train)\n",
            message="you must call `.launch()`",
            count=1, at="4:9-4:28", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric, x):\n"
            "    pass\n"
            "if __name__ == '__main__':\n"
            "    fabric = Fabric(strategy='xla_fsdp')\n"
            "    x = torch.randn(4, device=fabric.device)\n"
            "    fabric.launch(train, x)\n",
            message="Accessing the XLA device before processes have spawned",
            count=1, at="7:31-7:44", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    pass\n"
            "def main():\n"
            "    fabric = Fabric(strategy='fsdp', accelerator='tpu')\n"
            "    fabric.launch(train)\n"
            "    model = fabric.setup_module(Net())  # after the workers are done\n",
            message="after `fabric.launch(train)` has returned",
            count=1, at="7:13-7:32", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "def train(fabric):\n"
            "    pass\n"
            "loader = fabric.setup_dataloaders(loader)\n"
            "with fabric.init_module():\n"
            "    model = Net()\n"
            "fabric.launch(train)\n"
            "batch = fabric.to_device(batch)\n",
            count=3, at="5:10-5:34", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    x = torch.randn(4, device=fabric.device)\n"
              "    with fabric.init_module():\n"
              "        pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    pass\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "fabric.launch(train)\n"
              "optimizer = fabric.setup_optimizers(optimizer)\n"
              "model = fabric.setup(model, move_to_device=False)\n"
              "with fabric.init_module():\n"
              "    pass\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    pass\n"
              "fabric = Fabric(strategy='fsdp', accelerator='cuda')\n"
              "model = fabric.setup_module(Net())\n"
              "fabric.launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "model = fabric.setup_module(Net())\n"),  # no launch in this file: a library module, or the CLI
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    pass\n"
              "if __name__ == '__main__':\n"
              "    if tpu:\n"
              "        fabric = Fabric(strategy='xla_fsdp')\n"
              "        fabric.launch(train)\n"
              "    else:\n"
              "        fabric = Fabric(accelerator='cpu')\n"
              "        print(fabric.device)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Run:\n"
            "    def __init__(self, fabric):\n"
            "        self.fabric = fabric\n"
            "    @property\n"
            "    def batch(self):\n"
            "        return torch.zeros(2, device=self.fabric.device)\n"
            "    def describe(self):\n"
            "        return self.batch.shape\n"
            "    def fit(self):\n"
            "        self.fabric.setup_module(Net())\n"
            "def worker(fabric):\n"
            "    Run(fabric).fit()\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "print(Run(fabric).describe())\n"
            "fabric.launch(worker)\n",
            message="`self.fabric.device` runs in `Run.batch`, reached from `Run(fabric).describe()` (line 16) before "
                    "`fabric.launch(worker)` (line 17), in the parent process",
            count=1, at="8:38-8:56", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Run:\n"
              "    def __init__(self, fabric):\n"
              "        self.fabric = fabric\n"
              "    @property\n"
              "    def batch(self):\n"
              "        return torch.zeros(2, device=self.fabric.device)\n"
              "    def describe(self):\n"
              "        return 'run'\n"
              "    def fit(self):\n"
              "        self.fabric.setup_module(Net())\n"
              "        return self.batch\n"
              "def worker(fabric):\n"
              "    Run(fabric).fit()\n"
              "fabric = Fabric(strategy='xla_fsdp')\n"
              "print(Run(fabric).describe())\n"
              "fabric.launch(worker)\n"),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "class Experiment:\n"
            "    def __init__(self):\n"
            "        self.fabric = Fabric(strategy='xla_fsdp')\n"
            "        self.model = self.fabric.setup_module(Net())\n"
            "    def worker(self, fabric):\n"
            "        pass\n"
            "    def run(self):\n"
            "        self.batch = torch.ones(2, device=self.fabric.device)\n"
            "        self.fabric.launch(self.worker)\n"
            "Experiment().run()\n",
            message="`self.fabric.setup_module` runs in `Experiment.__init__`, reached from `Experiment()` (line 12) "
                    "before `self.fabric.launch(self.worker)` (line 11), in the parent process",
            count=2, at="6:22-6:46", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "def make_batch(device=fabric.device):\n"
            "    return torch.zeros(2, device=device)\n"
            "def train(fabric):\n"
            "    batch = torch.zeros(2, device=fabric.device)\n"
            "fabric.launch(train)\n",
            message="`fabric.device` runs before `fabric.launch(train)` (line 8), in the parent process",
            count=1, at="4:23-4:36", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "class Experiment:\n"
              "    def __init__(self):\n"
              "        self.fabric = Fabric(strategy='xla_fsdp')\n"
              "        self.model = Net()\n"
              "    def worker(self, fabric):\n"
              "        self.model = fabric.setup_module(self.model)\n"
              "        self.batch = torch.ones(2, device=self.fabric.device)\n"
              "    def run(self):\n"
              "        self.fabric.launch(self.worker)\n"
              "        return self.fabric.world_size\n"
              "Experiment().run()\n"),
        Valid("from lightning.fabric import Fabric\n"
              "class Experiment:\n"  # built by another module, which the file does not show
              "    def __init__(self, fabric):\n"
              "        self.fabric = fabric\n"
              "        self.model = fabric.setup_module(Net())\n"
              "    def run(self):\n"
              "        self.fabric.launch(self.worker)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]] = {}
        for call, fabric in ctx.method_calls("launch"):
            # on a name (`fabric.launch`), or on an attribute (`self.fabric.launch` in a method of an experiment class)
            if isinstance(fabric, (ast.Name, ast.Attribute)) and launch_target(call) is not None \
                    and fabric_kind(ctx, fabric) == XLA_FSDP:
                launches.setdefault(ctx.scope_of(call), []).append((call, fabric))
        if not launches:
            return
        for method in (*VALIDATED, "to_device"):
            for call, fabric in ctx.method_calls(method):
                finding = self._check_use(ctx, call, fabric, method, launches)
                if finding is not None:
                    yield finding
        for node in ctx.nodes(ast.Attribute):
            if node.attr == "device" and isinstance(node.ctx, ast.Load):
                finding = self._check_use(ctx, node, node.value, "device", launches)
                if finding is not None:
                    yield finding
        shown: set[int] = set()
        for finding in self._helpers_outside_launch(ctx, launches):
            shown.add(finding.span.start.line)
            yield finding
        yield from self._reached_before_launch(ctx, launches, shown)
        yield from self._imported_before_launch(ctx, launches)

    def _imported_before_launch(self, ctx: Context, launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]]) \
            -> Iterator[Finding]:
        """The top level of the project modules this module imports before its first launch (and those they
        import, `MAX_IMPORT_DEPTH` deep, `MAX_IMPORTED` modules): it runs in the parent process at the import,
        so a device read or set-up there on the launched Fabric (`DEVICE = FABRIC.device` on the Fabric
        imported from launcher.py) raises. Reported at the launch, placed in the module that reads it."""
        pairs = [pair for found in launches.values() for pair in found]
        first = min(pairs, key=lambda pair: _pos(pair[0]))[0]
        launched = {id(v.node) for _, f in pairs for v in ctx.values(f) if v.kind == "fabric"}
        if not launched:
            return
        imports = [s for s in _run_at_import(ctx.module.body) if isinstance(s, (ast.Import, ast.ImportFrom))
                   and _pos(s) < _pos(first)]
        if not imports:
            return
        seen: set[str] = set()
        # (an import here, the module it runs, the module that imports it when that is not this one, how deep)
        todo: list[tuple[ast.stmt, Flow, Flow | None, int]] = [
            (stmt, there, None, 1) for stmt in imports for there in ctx.modules_run_by(stmt)]
        while todo:
            stmt, there, through, depth = todo.pop(0)
            if there.origin is None or there.origin in seen or len(seen) >= MAX_IMPORTED:
                continue
            seen.add(there.origin)
            body = list(_run_at_import(there.ctx.module.body))
            for use, spelled, method in _top_level_uses(there, body, launched):
                place = place_in(there, _underline(use))
                if place is None:
                    continue
                by = f", imported by {through.origin_name}" if through is not None else ""
                where = (f"at the top level of {there.origin_name} (line {use.lineno}){by}, which "  # type: ignore[attr-defined]
                         f"`{short(ctx.doc.source(stmt))}` (line {stmt.lineno}) runs before "
                         f"`{_launch_text(ctx, first)}` (line {first.lineno}), in the parent process")
                if method in VALIDATED:
                    message = (f"To use Fabric with more than one device, you must call `.launch()`: `{spelled}` runs "
                               f"{where}, so Fabric raises RuntimeError. Move it into the launched function")
                    finding = self.finding(ctx, first.func, message)
                else:
                    message = (f"Accessing the XLA device before processes have spawned is not allowed: `{spelled}` "
                               f"runs {where}, so XLAFSDPStrategy raises RuntimeError. Read it inside the launched "
                               "function, from the Fabric it receives")
                    finding = self.finding(ctx, first.func, message, record=DEVICE_RECORD)
                yield replace(finding, elsewhere=place)
            if depth < MAX_IMPORT_DEPTH:
                todo.extend((stmt, inner, there, depth + 1) for inner_stmt in body
                            if isinstance(inner_stmt, (ast.Import, ast.ImportFrom))
                            for inner in there.ctx.modules_run_by(inner_stmt))

    def _reached_before_launch(self, ctx: Context, launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]],
                               shown: set[int]) -> Iterator[Finding]:
        """Deeper than one helper: the functions of this file that the code before a launch runs, through
        calls, constructions (`__init__`, `__post_init__`), methods of the instances it builds and the
        properties they read (`Run(fabric).describe()` -> `self.example_batch` -> `self.fabric.device`),
        up to `MAX_REACH` deep: a use there on the launched Fabric (what the value flow says the receiver
        holds on every path) runs in the parent process too."""
        calls_in: dict[ast.AST, list[ast.Call]] = {scope: [] for scope in launches}
        lines = _launching_lines(ctx, launches)
        for call in ctx.nodes(ast.Call):  # one walk for every launching scope (a script may have hundreds)
            if lines is not None and call.lineno not in lines:
                continue
            found = calls_in.get(ctx.scope_of(call))
            if found is not None:
                found.append(call)
        for scope, pairs in launches.items():
            first = min(pairs, key=lambda pair: _pos(pair[0]))
            launched = {id(v.node) for _, f in pairs for v in ctx.values(f) if v.kind == "fabric"}
            if not launched:
                continue
            roots = [c for c in calls_in[scope] if _runs_before(ctx, c, first[0])]
            seen: set[int] = set()
            # (the def, the statement here that runs it, how deep, where a generator's body runs if it is one)
            todo: list[tuple[ast.FunctionDef, ast.AST, int, ast.AST | None]] = list(_built_before(ctx, scope))
            for call in roots:
                for func in _runs(ctx, call):
                    if not is_generator(func):
                        todo.append((func, call, 1, None))
                    else:  # its body runs where it is drawn: here too when that is before the launch
                        todo.extend((func, draw, 1, draw) for draw in _draws(ctx, call)
                                    if ctx.scope_of(draw) is scope and _runs_before(ctx, draw, first[0]))
            while todo:
                func, root, depth, drawn = todo.pop(0)
                if id(func) in seen or len(seen) >= MAX_REACHED:
                    continue
                seen.add(id(func))
                for use, spelled, method in _fabric_uses(ctx, func, launched):
                    line = _underline(use).lineno - 1  # type: ignore[attr-defined]  # as a finding's span counts
                    if line in shown:  # the one-helper reading said it
                        continue
                    shown.add(line)
                    where = (f"in `{_qualified(ctx, func)}`, {_reached(ctx, root, drawn)} before "
                             f"`{_launch_text(ctx, first[0])}` (line {first[0].lineno}), in the parent process")
                    if method in VALIDATED:
                        yield self.finding(ctx, _underline(use), (
                            f"To use Fabric with more than one device, you must call `.launch()`: `{spelled}` runs "
                            f"{where}, so Fabric raises RuntimeError. Move it into the launched function"))
                    else:
                        yield self.finding(ctx, _underline(use), _device_message(spelled, where), record=DEVICE_RECORD)
                if depth < MAX_REACH:
                    for node in body_nodes(func):
                        for inner in (_runs(ctx, node) if isinstance(node, ast.Call) else _property_of(ctx, node)):
                            if not is_generator(inner):
                                todo.append((inner, root, depth + 1, None))
                            elif isinstance(node, ast.Call):  # run where drawn: in this body, or not when it runs
                                todo.extend((inner, root, depth + 1, draw) for draw in _draws(ctx, node)
                                            if ctx.enclosing_function(draw) is func)

    def _helpers_outside_launch(self, ctx: Context, launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]]) -> Iterator[Finding]:
        """A local function or class called before the launch, or after it has returned: what its body does
        with the Fabric (the parameter that receives it, or the launched Fabric read as a global) runs in the
        parent process too (after the launch, only what touches the device raises)."""
        done: set[ast.AST] = set()
        names = {f.id for pairs in launches.values() for _, f in pairs if isinstance(f, ast.Name)}
        local = {n.name for n in (*ctx.nodes(ast.FunctionDef), *ctx.nodes(ast.ClassDef))}  # type: ignore[attr-defined]
        lines = _launching_lines(ctx, launches)
        for call in ctx.nodes(ast.Call):
            if lines is not None and call.lineno not in lines:
                continue  # in no launching scope: nothing runs before or after a launch there
            # the Fabric passed on by name (`make_batch(fabric)`, `Trainer(fabric=fabric)`), or a call of a local def
            if not (isinstance(call.func, ast.Name) and call.func.id in local) and not any(
                    isinstance(a, ast.Name) and a.id in names for a in (*call.args, *(k.value for k in call.keywords))):
                continue
            pairs = launches.get(ctx.scope_of(call), [])
            before = [(launch, f) for launch, f in pairs if _runs_before(ctx, call, launch)]
            after = [(launch, f) for launch, f in pairs  # a later statement (not the launch's own arguments)
                     if _pos(launch) < _pos(call) and ctx.statement_of(launch) is not ctx.statement_of(call)
                     and _encloses(ctx, ctx.statement_of(launch), call)]
            helper = _local_helper(ctx, call) if before or after else None
            found = _helper_in_another_module(ctx, call) if helper is None and (before or after) else None
            elsewhere = found[1] if found is not None else None
            if found is not None:
                helper = found[0]
            if helper is None or helper[0] in done:
                continue
            func, shown, is_class = helper
            fabrics = [f for _, f in before or after]
            site: ast.AST = call  # where the body runs: the call, or where the generator it makes is drawn
            in_worker = None
            if is_generator(func):
                drawn = _generator_draw(ctx, call, pairs)
                if drawn is None:  # never drawn where this file shows it: its body never runs in the parent
                    continue
                site, before, after, in_worker = drawn
                if in_worker is not None and elsewhere is not None:
                    continue
            param = _receiving_parameter(ctx, call, func, is_class, fabrics)
            uses = [*(_uses_of(func, {param}) if param else ()), *(_global_uses(ctx, func, fabrics) if elsewhere is None else ())]
            if after and not before or in_worker is not None:
                uses = [u for u in uses if _touches_device(ctx, u[0], u[2], written_only=elsewhere is not None)]
            if not uses:
                continue
            if elsewhere is not None:  # the helper is another module's: the call here is what runs it too early
                yield self._helper_elsewhere(ctx, call, shown, is_class, elsewhere, uses, before, after, site)
                continue
            done.add(func)
            ran = f"called at line {call.lineno}" if site is call else f"drawn at line {site.lineno}"  # type: ignore[attr-defined]
            if in_worker is not None:
                yield from self._drawn_in_worker(ctx, call, site, shown, in_worker, uses)
                continue
            if before:
                launch = min(before, key=lambda pair: _pos(pair[0]))[0]
                where = (f"in `{shown}`, {ran} before "
                         f"`{_launch_text(ctx, launch)}` (line {launch.lineno}), in the parent process")
            else:
                where = (f"in `{shown}`, {ran} after `{_launch_text(ctx, after[0][0])}` "
                         "has returned, in the parent process, which never gets an XLA device")
            for use, spelled, method in sorted(uses, key=lambda u: _pos(u[0])):
                condition = _run_under(ctx, func, use)
                if condition is False:
                    continue  # in a branch the helper's walk decided against (`if CONFIG["stage"]:` of a False)
                when = f"; when {condition}" if isinstance(condition, str) else ""
                severity = Severity.WARNING if when else None
                if before and method in VALIDATED:
                    message = (f"To use Fabric with more than one device, you must call `.launch()`: `{spelled}` "
                               f"runs {where}, so Fabric raises RuntimeError. Move it into the launched function{when}")
                    yield self.finding(ctx, _underline(use), message, severity=severity)
                else:
                    yield self.finding(ctx, _underline(use), _device_message(spelled, where) + when,
                                       record=DEVICE_RECORD, severity=severity)

    def _drawn_in_worker(self, ctx: Context, call: ast.Call, draw: ast.AST, helper: str, launch: ast.Call,
                         uses: list[tuple[ast.AST, str, str]]) -> Iterator[Finding]:
        """A generator made before the launch on the parent's Fabric and drawn in the launched function: its
        body runs in the worker, but on the worker's copy of the parent's Fabric (the launched function gets
        a Fabric of its own), whose strategy never set up the XLA device."""
        target = launch_target(launch)
        launched = ctx.doc.source(target) if target is not None else "the launched function"
        for use, spelled, _ in sorted(uses, key=lambda u: _pos(u[0])):
            message = (f"Accessing the XLA device before processes have spawned is not allowed: `{spelled}` runs in "
                       f"`{helper}`, drawn at line {draw.lineno} in the launched `{launched}`, but on the parent's "  # type: ignore[attr-defined]
                       f"Fabric, given at line {call.lineno} before `{_launch_text(ctx, launch)}` (line "
                       f"{launch.lineno}): the worker's copy of it never gets an XLA device, so XLAFSDPStrategy "
                       "raises RuntimeError. Make the generator inside the launched function, from the Fabric it receives")
            yield self.finding(ctx, _underline(use), message, record=DEVICE_RECORD)

    def _helper_elsewhere(self, ctx: Context, call: ast.Call, helper: str, is_class: bool, module: Flow,
                          uses: list[tuple[ast.AST, str, str]], before: list[tuple[ast.Call, ast.expr]],
                          after: list[tuple[ast.Call, ast.expr]], site: ast.AST) -> Finding:
        """One finding on the call of another module's function or class, naming its first use of the Fabric
        there (the fix is here: call it inside the launched function)."""
        use, spelled, method = min(uses, key=lambda u: _pos(u[0]))
        shown = ctx.doc.source(call.func)
        move = f"{'Build' if is_class else 'Call'} `{shown}` inside the launched function"
        there = f"`{spelled}` runs in `{helper}` ({module.origin_name}, line {use.lineno})"  # type: ignore[attr-defined]
        ran = "called here" if site is call else f"made here, drawn at line {site.lineno}"  # type: ignore[attr-defined]
        if before:
            launch = min(before, key=lambda pair: _pos(pair[0]))[0]
            where = f"{ran} before `{_launch_text(ctx, launch)}` (line {launch.lineno}), in the parent process"
        else:
            where = (f"{ran} after `{_launch_text(ctx, after[0][0])}` has returned, in the parent process, "
                     "which never gets an XLA device")
        if before and method in VALIDATED:
            message = (f"To use Fabric with more than one device, you must call `.launch()`: {there}, {where}, so "
                       f"Fabric raises RuntimeError. {move}")
            return self.finding(ctx, call.func, message)
        message = (f"Accessing the XLA device before processes have spawned is not allowed: {there}, {where}, so "
                   f"XLAFSDPStrategy raises RuntimeError. {move}")
        return self.finding(ctx, call.func, message, record=DEVICE_RECORD)

    def _check_use(self, ctx: Context, use: ast.AST, fabric: ast.expr, method: str,
                   launches: dict[ast.AST, list[tuple[ast.Call, ast.expr]]]) -> Finding | None:
        same = [(call, f) for call, f in launches.get(_scope_run_in(ctx, use), []) if _same_fabric(ctx, f, fabric)]
        if not same:
            return None
        spelled = f"{short(ctx.doc.source(fabric))}.{method}"
        first = min(same, key=lambda pair: _pos(pair[0]))[0]
        if _runs_before(ctx, use, first):
            where = f"before `{_launch_text(ctx, first)}` (line {first.lineno}), in the parent process"
            if method in VALIDATED:
                message = (
                    f"To use Fabric with more than one device, you must call `.launch()`: `{spelled}` runs {where}, "
                    "so Fabric raises RuntimeError. Move it into the launched function"
                )
                return self.finding(ctx, _underline(use), message)
            return self.finding(ctx, _underline(use), _device_message(spelled, where), record=DEVICE_RECORD)
        after = [call for call, _ in same if _pos(call) < _pos(use) and _encloses(ctx, ctx.statement_of(call), use)]
        if not after or not _touches_device(ctx, use, method):
            return None
        where = f"after `{_launch_text(ctx, after[0])}` has returned, in the parent process, which never gets an XLA device"
        return self.finding(ctx, _underline(use), _device_message(spelled, where), record=DEVICE_RECORD)


MAX_IMPORT_DEPTH = 3  # imports followed one inside another from the launching module
MAX_IMPORTED = 8  # project modules whose top level is read per launching module
MAX_REACH = 4  # calls deep from the code before the launch
MAX_REACHED = 64  # functions read per launch scope


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a module's top level that run on every import: through `with` and `try` bodies
    and class bodies, not a function's body, nor a branch (`if`, a loop, `if __name__ == "__main__":`)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.With, ast.ClassDef)):
            yield from _run_at_import(stmt.body)
        elif isinstance(stmt, ast.Try):
            yield from _run_at_import([*stmt.body, *stmt.finalbody])


def _top_level_uses(there: Flow, body: list[ast.stmt], launched: set[int]) -> Iterator[tuple[ast.AST, str, str]]:
    """`<x>.device` reads and `<x>.<set-up method>(...)` calls in the expressions of `body` (statements
    of another module's top level) whose `<x>` holds the launched Fabric on every path."""
    for stmt in body:
        if isinstance(stmt, (ast.With, ast.ClassDef, ast.Try, ast.FunctionDef, ast.AsyncFunctionDef, ast.If,
                             ast.For, ast.AsyncFor, ast.While, ast.AsyncWith, ast.Match)):
            parts: list[ast.AST] = [i.context_expr for i in stmt.items] if isinstance(stmt, ast.With) else []
        else:
            parts = [stmt]
        todo = parts
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.Lambda, ast.GeneratorExp)):
                continue  # runs when called, or drawn
            todo.extend(ast.iter_child_nodes(node))
            if isinstance(node, ast.Attribute) and node.attr == "device" and isinstance(node.ctx, ast.Load):
                holder, method = node.value, "device"
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in (*VALIDATED, "to_device"):
                holder, method = node.func.value, node.func.attr
            else:
                continue
            values = there.ctx.values(holder)
            if values and all(v.kind == "fabric" and id(v.node) in launched for v in values):
                yield node, f"{short(there.ctx.doc.source(holder))}.{method}", method


def _runs(ctx: Context, call: ast.Call) -> list[ast.FunctionDef]:
    """The defs of this file a call runs on every reading the flow gives: a function, a method read
    through an instance or a class, a class's `__init__` and `__post_init__`."""
    out: list[ast.FunctionDef] = []
    for value in ctx.values(call.func):
        if value.foreign or value.flow is None or value.flow.ctx.doc is not ctx.doc:  # (a method's flow reads this file too)
            continue
        if value.kind == "function" and isinstance(value.node, ast.FunctionDef):
            out.append(value.node)
        elif value.kind == "class" and isinstance(value.node, ast.ClassDef):
            for name in ("__init__", "__post_init__"):  # its own, or the nearest base's of the file
                owner = ctx.flow.defining_class(value.node, name)
                out.extend(m for m in (owner.body if owner is not None else ()) if isinstance(m, ast.FunctionDef)
                           and m.name == name)
    return out


def _scope_run_in(ctx: Context, node: ast.AST) -> ast.AST:
    """The scope whose code evaluates `node`: its own, but for a def's default values and decorators, which run
    where the `def` statement does (`def make_batch(device=fabric.device):` reads the device at the definition)."""
    child, current = node, ctx.parents.get(node)
    while current is not None:
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if child is current.args or (not isinstance(current, ast.Lambda) and child in current.decorator_list):
                return ctx.scope_of(current)
            break
        if isinstance(current, ast.ClassDef):
            break
        child, current = current, ctx.parents.get(current)
    return ctx.scope_of(node)


def _same_fabric(ctx: Context, launched: ast.expr, used: ast.expr) -> bool:
    """`used` is the Fabric `launched` is, in one scope: one name's binding, or one attribute (`self.fabric`)
    that holds the same Fabric on every path."""
    if isinstance(launched, ast.Name):
        return same_value(ctx, launched, used)
    if not isinstance(used, ast.Attribute) or ctx.doc.source(used) != ctx.doc.source(launched):
        return False
    nodes = {id(v.node) if v.kind == "fabric" else None for v in (*ctx.values(launched), *ctx.values(used))}
    return len(nodes) == 1 and None not in nodes


def _built_before(ctx: Context, scope: ast.AST) -> Iterator[tuple[ast.FunctionDef, ast.AST, int, None]]:
    """For a launch in a method of a class of this file: the class's `__init__` and `__post_init__`, which ran
    in the parent when the instance the method is called on was built, with the first construction of the class
    the file shows (its call, for the message); nothing when the file builds none."""
    cls = ctx.parents.get(scope)
    if not isinstance(scope, ast.FunctionDef) or not isinstance(cls, ast.ClassDef):
        return
    built = [call for call in ctx.nodes(ast.Call)
             if any(v.kind == "class" and v.node is cls for v in ctx.values(call.func))]
    if not built:
        return
    for method in cls.body:
        if isinstance(method, ast.FunctionDef) and method.name in ("__init__", "__post_init__") and method is not scope:
            yield method, min(built, key=_pos), 1, None


def _property_of(ctx: Context, node: ast.AST) -> list[ast.FunctionDef]:
    """The property (or cached property) of a class of this file that reading `node` runs: `self.batch`
    on an instance whose class defines `batch` so."""
    if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
        return []
    out: list[ast.FunctionDef] = []
    for value in ctx.values(node.value):
        cls = value.extra[0] if value.kind == "instance" and isinstance(value.extra, tuple) else None
        owner = ctx.flow.defining_class(cls, node.attr) if isinstance(cls, ast.ClassDef) and not value.foreign else None
        if owner is not None:  # (a base's property, read on a subclass's instance, too)
            out.extend(m for m in owner.body if isinstance(m, ast.FunctionDef) and m.name == node.attr
                       and any(ctx.doc.source(d) in PROPERTY_DECORATORS for d in m.decorator_list))
    return out


def _fabric_uses(ctx: Context, func: ast.FunctionDef, launched: set[int]) -> Iterator[tuple[ast.AST, str, str]]:
    """`<x>.device` reads and `<x>.<set-up method>(...)` calls in the body whose `<x>` holds the launched
    Fabric on every path (`self.fabric` of an instance built with it)."""
    for node in body_nodes(func):
        if isinstance(node, ast.Attribute) and node.attr == "device" and isinstance(node.ctx, ast.Load):
            holder, method = node.value, "device"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (*VALIDATED, "to_device"):
            holder, method = node.func.value, node.func.attr
        else:
            continue
        values = ctx.values(holder)
        if values and all(v.kind == "fabric" and id(v.node) in launched for v in values):
            yield node, f"{short(ctx.doc.source(holder))}.{method}", method


CONSUMERS = frozenset({"next", "anext", "list", "tuple", "set", "frozenset", "sorted", "sum", "min", "max", "any",
                       "all", "dict"})  # builtins that pull items out of an iterator
PASSERS = frozenset({"enumerate", "zip", "map", "filter", "iter", "reversed", "islice", "chain"})  # lazy wrappers
MAX_PASSED = 3  # lazy wrappers followed around a generator


def _drawn_at(ctx: Context, node: ast.AST, depth: int = 0) -> ast.AST | None:
    """The node that pulls the first item out of the iterator `node` evaluates to: `next(node)`, a `for` (or a
    comprehension) over it, `list(node)`, `x, y = node`, `*node`; through lazy wrappers (`enumerate(node)`) drawn so."""
    parent = ctx.parents.get(node)
    if isinstance(parent, (ast.For, ast.AsyncFor)) and parent.iter is node:
        return parent
    if isinstance(parent, ast.comprehension) and parent.iter is node:
        comp: ast.AST | None = ctx.parents.get(parent)
        if isinstance(comp, ast.GeneratorExp):  # lazy too: drawn where the generator expression is
            return _drawn_at(ctx, comp, depth + 1) if depth < MAX_PASSED else None
        return comp
    if isinstance(parent, ast.Starred):
        return parent
    if isinstance(parent, ast.Assign) and parent.value is node and all(isinstance(t, (ast.Tuple, ast.List))
                                                                       for t in parent.targets):
        return parent
    if isinstance(parent, ast.Call) and node in parent.args:
        callee = parent.func.id if isinstance(parent.func, ast.Name) else \
            parent.func.attr if isinstance(parent.func, ast.Attribute) else None
        if callee in CONSUMERS:
            return parent
        if callee in PASSERS and depth < MAX_PASSED:
            return _drawn_at(ctx, parent, depth + 1)
    return None


def _draws(ctx: Context, call: ast.Call) -> list[ast.AST]:
    """Where the generator `call` makes is drawn: in place (`next(gen(...))`, `for x in gen(...)`), or through the
    one name it is assigned to, wherever that binding reaches a read (in a function too, read as a global)."""
    drawn = _drawn_at(ctx, call)
    if drawn is not None:
        return [drawn]
    parent = ctx.parents.get(call)
    if not (isinstance(parent, ast.Assign) and parent.value is call and len(parent.targets) == 1
            and isinstance(parent.targets[0], ast.Name)):
        return []
    out = []
    for load in ctx.loads_named(parent.targets[0].id):
        binding = ctx.reaching(load)
        drawn = _drawn_at(ctx, load) if binding is not None and binding.value is call else None
        if drawn is not None:
            out.append(drawn)
    return sorted(out, key=_pos)


def _reached(ctx: Context, root: ast.AST, drawn: ast.AST | None) -> str:
    """How the code before the launch runs a def: `root`, a statement of the launch's scope, and for a
    generator where it is drawn (the draw may be `root` itself, or in a function `root` runs)."""
    if drawn is root:
        return f"drawn at line {root.lineno} (`{_draw_text(ctx, root)}`)"  # type: ignore[attr-defined]
    reached = f"reached from `{_draw_text(ctx, root)}` (line {root.lineno})"  # type: ignore[attr-defined]
    if drawn is None:
        return reached
    owner = ctx.enclosing_function(drawn)
    inside = f" in `{_qualified(ctx, owner)}`" if isinstance(owner, ast.FunctionDef) else ""
    return f"drawn at line {drawn.lineno}{inside}, {reached}"  # type: ignore[attr-defined]


def _generator_draw(ctx: Context, call: ast.Call, pairs: list[tuple[ast.Call, ast.expr]]) \
        -> tuple[ast.AST, list[tuple[ast.Call, ast.expr]], list[tuple[ast.Call, ast.expr]], ast.Call | None] | None:
    """Where the generator `call` makes first runs its body, against the launches of its scope: (the draw,
    the launches after it, the launches it follows once they have returned, None) for a draw in that scope;
    (the draw, [], [], the launch) for a draw in the function a later launch runs; None when neither."""
    scope = ctx.scope_of(call)
    draws = _draws(ctx, call)
    for draw in draws:
        if ctx.scope_of(draw) is not scope:
            continue
        before = [(launch, f) for launch, f in pairs if _runs_before(ctx, draw, launch)]
        after = [(launch, f) for launch, f in pairs if _pos(launch) < _pos(draw)
                 and ctx.statement_of(launch) is not ctx.statement_of(draw) and _encloses(ctx, ctx.statement_of(launch), draw)]
        if before or after:
            return draw, before, after, None
    for draw in draws:
        runs_in = ctx.enclosing_function(draw)
        for launch, _ in pairs:
            target = launch_target(launch)
            if runs_in is not None and _pos(call) < _pos(launch) and target is not None \
                    and ctx.local_function(target) is runs_in:
                return draw, [], [], launch
    return None


def _draw_text(ctx: Context, draw: ast.AST) -> str:
    if isinstance(draw, (ast.For, ast.AsyncFor)):
        return short(f"for {ctx.doc.source(draw.target)} in {ctx.doc.source(draw.iter)}")
    return short(ctx.doc.source(draw))


def _qualified(ctx: Context, func: ast.FunctionDef) -> str:
    owner = ctx.parents.get(func)
    return f"{owner.name}.{func.name}" if isinstance(owner, ast.ClassDef) else func.name


def _run_under(ctx: Context, func: ast.AST, use: ast.AST) -> str | bool | None:
    """How a use in the helper `func` runs when the helper does: False when it lies in a branch of an `if` (or a
    conditional expression) the helper's walk decided against; the test (negated for an `else`) of the innermost
    such branch the walk left undecided, as written; None when it runs whenever the helper does."""
    walked = ctx.flow.scope(func)
    if walked.skipped and not ctx.reached(use, walked.reaching):
        return False  # the walk never reached it (`if False:`, after a `return`, a flag the module sets off)
    decided = {id(test): answer for test, _, answer in walked.decisions}
    undecided: str | None = None
    child, parent = use, ctx.parents.get(use)
    while parent is not None and parent is not func:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
            taken = child in parent.body if isinstance(parent, ast.If) else child is parent.body
            answer = decided.get(id(parent.test))
            if answer is None and isinstance(parent.test, ast.Constant):
                answer = bool(parent.test.value)  # `if True:` (the walk keeps no decision of a constant)
            if answer is not None and answer is not taken:
                return False
            if answer is None and undecided is None:
                undecided = ctx.doc.source(parent.test) if taken else negation(parent.test, ctx.doc.source)
        child, parent = parent, ctx.parents.get(parent)
    return undecided


def _device_message(spelled: str, where: str) -> str:
    return (
        f"Accessing the XLA device before processes have spawned is not allowed: `{spelled}` runs {where}, "
        "so XLAFSDPStrategy raises RuntimeError. Move it into the launched function"
    )


def _touches_device(ctx: Context, use: ast.AST, method: str, written_only: bool = False) -> bool:
    """Whether the use needs the XLA device; `written_only` for a call of another module, read as written."""
    if method in ("device", "to_device", "setup_dataloaders"):
        return True
    if method in MOVES_MODEL and isinstance(use, ast.Call) and written_only:
        written = next((k.value for k in use.keywords if k.arg == "move_to_device"), None)
        if written is None:
            return all(k.arg is not None for k in use.keywords)
        return isinstance(written, ast.Constant) and written.value is True
    if method in MOVES_MODEL and isinstance(use, ast.Call):
        keywords, complete = ctx.keyword_args(use)
        move = keywords.get("move_to_device")
        if move is None:
            return complete
        value, _ = ctx.value_where(move.value)
        return isinstance(value, ast.Constant) and value.value is True
    return False


def _encloses(ctx: Context, stmt: ast.stmt, node: ast.AST) -> bool:
    """`node` sits in the block that holds `stmt` (or deeper), so it runs after it on the same path."""
    block = block_of(ctx, stmt)
    if block is None:
        return False
    current: ast.AST | None = node
    while current is not None:
        if in_block(ctx, current, block):
            return True
        current = ctx.parents.get(current)
    return False


def _launch_text(ctx: Context, call: ast.Call) -> str:
    text = " ".join(ctx.doc.source(call).split())
    return text if len(text) <= 50 else text[:49] + "…"


def _local_helper(ctx: Context, call: ast.Call) -> tuple[ast.FunctionDef, str, bool] | None:
    """(the local def that runs, how it is shown, whether it runs as a class's `__init__`) for `call`: a
    function of this file, or a class of this file through its `__init__`."""
    value = ctx.local_definition(call.func, "class") or ctx.local_definition(call.func)
    if value is None:
        return None
    node = value.node
    if isinstance(node, ast.ClassDef):
        init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        return (init, f"{node.name}.__init__", True) if init is not None else None
    if isinstance(node, ast.FunctionDef) and value.extra is None:
        return node, node.name, False
    return None


def _helper_in_another_module(ctx: Context, call: ast.Call) -> tuple[tuple[ast.FunctionDef, str, bool], Flow] | None:
    """(the def that runs, how it is shown, whether it runs as a class's `__init__`) and the flow of its
    module, for `call` of a function or a class of another module of the project."""
    function = ctx.called_elsewhere(call)
    if function is not None:
        func, flow = function
        return ((func, _qualified(flow.ctx, func), False), flow) if isinstance(func, ast.FunctionDef) else None
    values = ctx.values(call.func)
    if len(values) != 1 or values[0].kind != "class" or not values[0].foreign or values[0].when \
            or not isinstance(values[0].node, ast.ClassDef) or values[0].flow is None:
        return None
    cls = values[0].node
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    return ((init, f"{cls.name}.__init__", True), values[0].flow) if init is not None else None


def _receiving_parameter(ctx: Context, call: ast.Call, func: ast.FunctionDef, is_class: bool,
                         fabrics: list[ast.expr]) -> str | None:
    """The parameter of `func` that receives one of `fabrics` in `call`."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    for param in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
        given = argument_for(func, param, call, is_class)  # `__init__`'s self: the new instance
        if isinstance(given, ast.Name) and any(same_value(ctx, given, f) for f in fabrics):
            return param.arg
    return None


def _global_uses(ctx: Context, func: ast.FunctionDef, fabrics: list[ast.expr]) -> list[tuple[ast.AST, str, str]]:
    """Uses in `func` of a name that is not its parameter and holds only the Fabric of `fabrics` (the
    launched Fabric read as a global, or from the enclosing function)."""
    args = func.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    launched = {id(v.node) for f in fabrics for v in ctx.values(f) if v.kind == "fabric"}
    if not launched:
        return []
    free = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and n.id not in params}
    out = []
    for use, spelled, method in _uses_of(func, free):
        holder = use.value if isinstance(use, ast.Attribute) else use.func.value  # type: ignore[attr-defined]
        values = ctx.values(holder)
        if values and all(v.kind == "fabric" and id(v.node) in launched for v in values):
            out.append((use, spelled, method))
    return out


def _uses_of(func: ast.FunctionDef, names: set[str]) -> Iterator[tuple[ast.AST, str, str]]:
    """(use, as spelled, method): `<name>.device` reads and `<name>.<set-up method>(...)` calls in the
    body for a name of `names`, nested defs left out."""
    for node in body_nodes(func):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
            if node.attr == "device" and isinstance(node.ctx, ast.Load):
                yield node, f"{node.value.id}.device", "device"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in names and node.func.attr in (*VALIDATED, "to_device"):
            yield node, f"{node.func.value.id}.{node.func.attr}", node.func.attr


def _underline(use: ast.AST) -> ast.AST:
    return use.func if isinstance(use, ast.Call) else use


def _runs_before(ctx: Context, node: ast.AST, launch: ast.Call) -> bool:
    """`node` runs before `launch` does: it is written earlier, or it is in one of the arguments the launched
    function is to be called with, which Python evaluates before the call (`fabric.launch(train,
    make_batches(fabric))`), outside a lambda there. (The function argument called there, `launch(train())`, is
    LXF017's: the fix is not to call it.)"""
    if _pos(node) < _pos(launch):
        return True
    current = ctx.parents.get(node)
    while current is not None and current is not launch:
        if isinstance(current, (ast.Lambda, ast.stmt)):
            return False
        current = ctx.parents.get(current)
    target = launch_target(launch)
    return current is launch and not ctx.within(node, launch.func) and not (target is not None and ctx.within(node, target))


def _pos(node: ast.AST) -> tuple[int, int]:
    return (node.lineno, node.col_offset)  # type: ignore[attr-defined]


RULE = OutsideLaunchedFunction()
