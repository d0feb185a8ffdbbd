"""LXF023: a checkpoint state with no set-up model, for `fabric.save` or a sharded `fabric.load`.

`XLAFSDPStrategy.save_checkpoint` keeps the values of the state that are `XlaFullyShardedDataParallel`
modules (Fabric unwraps the object `fabric.setup_module` returned to one) and raises ValueError
"Could not find a XLAFSDP model in the provided checkpoint state ... Make sure you set up the model
(and optimizers if any) through the strategy before saving the checkpoint." (xla_fsdp.py l.432) when
there is none, whatever the `state_dict_type`. A sharded load (the default) does the same
(l.555, "... before loading the checkpoint."); a full load wants the raw model instead (LXF025).

Flagged only where the state is a dict display (or a name bound to one that nothing changes) whose
every value the file shows: the raw module (`model = Net()`, even after a `fabric.setup_module(model)`
whose result went elsewhere), `model.state_dict()`, optimizers, numbers, strings.

The fix replaces the raw module by the name that holds its set-up version
(`wrapped = fabric.setup_module(model)` -> `{"model": wrapped}`), as LXF004 does.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Safety, Severity
from ....flow import Flow
from ....rule import Invalid, Rule, Valid, fix, replace
from ....statements import same_value
from ...lightning.fabric import is_fabric_method
from ..checkpoint_states import checkpoint_states
from ..checkpoints import (
    RAW_MODULE,
    SETUP_MODULE,
    UNKNOWN,
    module_state_dict,
    never_set_up,
    object_kind,
    state_dict_type,
    written_entry,
)

LOAD_RECORD = "b96f21c743200d21"  # the sharded-load twin of the save message

CHECKPOINTER = (
    "import torch\n"
    "from lightning.fabric import Fabric\n"
    "class Checkpointer:\n"
    "    def __init__(self, fabric):\n"
    "        self.fabric, self.state = fabric, {{}}\n"
    "    def track(self, **objects):\n"
    "        self.state.update(objects)\n"
    "    def save(self):\n"
    "        self.fabric.save('ckpt/', {{**self.state}})\n"
    "def train(fabric):\n"
    "    model = torch.nn.Linear(2, 2)\n"
    "    checkpointer = Checkpointer(fabric)\n"
    "    {track}\n"
    "    checkpointer.save()\n"
    "Fabric(strategy='xla_fsdp').launch(train)\n"
)

KEEPER = (
    "import torch\n"
    "from lightning.fabric import Fabric\n"
    "class Keeper:\n"
    "    def __init__(self, fabric):\n"
    "        self.fabric, self.model = fabric, None\n"
    "    def track(self, model):\n"
    "        self.model = model\n"
    "    def save(self):\n"
    "        self.fabric.save('ckpt/', {{'model': self.model}})\n"
    "def train(fabric):\n"
    "    model = torch.nn.Linear(2, 2)\n"
    "    keeper = Keeper(fabric)\n"
    "    {track}\n"
    "    keeper.save()\n"
    "Fabric(strategy='xla_fsdp').launch(train)\n"
)


class StateWithoutSetUpModel(Rule):
    code = "LXF023"
    record = "32941fe0567df6e9"
    name = "state-without-set-up-model"
    summary = "Under XLAFSDP, save and (sharded) load need the set-up model in the state"
    severity = Severity.ERROR
    triggers = ("save", "load")
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def checkpoint_state(model, optimizer, step):\n"
            "    return {'model': model, 'optimizer': optimizer, 'step': step}\n"
            "def train(fabric):\n"
            "    net = torch.nn.Linear(2, 2)\n"
            "    model = fabric.setup_module(net)\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters()))\n"
            "    for step in range(10):\n"
            "        fabric.save('ckpt', checkpoint_state(net, optimizer, step))\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`model` is the raw module, not the one `setup_module` returned",
            count=1, at="4:22-4:27", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def checkpoint_state(model, optimizer, step):\n"
              "    return {'model': model, 'optimizer': optimizer, 'step': step}\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(torch.nn.Linear(2, 2))\n"
              "    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters()))\n"
              "    for step in range(10):\n"
              "        fabric.save('ckpt', checkpoint_state(model, optimizer, step))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    wrapped = fabric.setup_module(model)\n"
            "    fabric.save('ckpt/', {'model': model, 'step': 10})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    wrapped = fabric.setup_module(model)\n"
            "    fabric.save('ckpt/', {'model': wrapped, 'step': 10})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Could not find a XLAFSDP model in the provided checkpoint state",
            count=1, at="5:36-5:41", severity="error",
        ),
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = nn.Linear(2, 2)\n"
            "    state = {'model': model.state_dict()}\n"
            "    fabric.load('ckpt/', state)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="before loading the checkpoint",
            count=1, at="6:26-6:31", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    fabric.save('ckpt/', {'step': 3})\n"
            "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n",
            message="holds no model",
            count=1, at="4:26-4:37", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.save('ckpt/', {'model': model, 'step': 10})\n"
              "    fabric.load('ckpt/', {'model': model})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, model, optimizer):\n"
              "    fabric.save('ckpt/', {'model': model, 'optimizer': optimizer})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from torch import nn\n"
              "from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def train(fabric):\n"
              "    model = nn.Linear(2, 2)\n"
              "    fabric.load('full.ckpt', {'model': model})\n"
              "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = Net()\n"
              "    fabric.save('ckpt.pt', {'model': model})\n"
              "Fabric(strategy='fsdp', accelerator='cuda').launch(train)\n"),
        # a checkpointer whose `track(**objects)` fills `self.state`: what each call puts in it
        Invalid(CHECKPOINTER.format(track="checkpointer.track(model=model, step=0)\n    model = fabric.setup_module(model)"),
                message="`model` (put in the state at line 13) is the raw module", count=1, at="13:30-13:35",
                severity="error"),
        Valid(CHECKPOINTER.format(track="model = fabric.setup_module(model)\n    checkpointer.track(model=model, step=0)")),
        Valid(CHECKPOINTER.format(track="checkpointer.track(**torch.load('objects.pt'))")),  # what it tracks: unknown
        # `self.model`: None in `__init__`, then what every `track(model)` call gives it
        Invalid(KEEPER.format(track="keeper.track(model)\n    model = fabric.setup_module(model)"),
                message="`self.model` holds the raw module or another object, never the one", count=1,
                at="9:45-9:55", severity="error"),
        Valid(KEEPER.format(track="model = fabric.setup_module(model)\n    keeper.track(model)")),
        Valid(KEEPER.format(track="keeper.track(model)\n    keeper.track(torch.load('model.pt'))")),  # one unknown
        # a module's `state_dict()` as the state (Lightning's MNIST example): tensors, no module
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def run(fabric):\n"
            "    model = fabric.setup_module(nn.Linear(2, 2))\n"
            "    fabric.save(path='mnist_cnn.pt', state=model.state_dict())\n"
            "Fabric(strategy='xla_fsdp').launch(run)\n",
            fixed="from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def run(fabric):\n"
            "    model = fabric.setup_module(nn.Linear(2, 2))\n"
            "    fabric.save(path='mnist_cnn.pt', state={'model': model})\n"
            "Fabric(strategy='xla_fsdp').launch(run)\n",
            message="`model.state_dict()` holds the module's tensors, not the module, so `fabric.save` raises",
            count=1, at="5:44-5:62", severity="error",
        ),
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def run(fabric):\n"
            "    model = fabric.setup_module(nn.Linear(2, 2))\n"
            "    weights = model.state_dict()\n"
            "    fabric.load('ckpt/', weights)\n"
            "Fabric(strategy='xla_fsdp').launch(run)\n",
            message="before loading the checkpoint: `{'model': model}`",
            count=1, at="6:26-6:33", severity="error",
        ),
        # a helper's parameter given it (the example's `save_model(fabric, hparams, model.state_dict())`): placed
        # on the argument
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def save_model(fabric, path, weights):\n"
            "    fabric.save(path, weights)\n"
            "def run(fabric):\n"
            "    model = fabric.setup_module(nn.Linear(2, 2))\n"
            "    save_model(fabric, 'mnist_cnn.pt', model.state_dict())\n"
            "Fabric(strategy='xla_fsdp').launch(run)\n",
            fixed="from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "def save_model(fabric, path, weights):\n"
            "    fabric.save(path, weights)\n"
            "def run(fabric):\n"
            "    model = fabric.setup_module(nn.Linear(2, 2))\n"
            "    save_model(fabric, 'mnist_cnn.pt', {'model': model})\n"
            "Fabric(strategy='xla_fsdp').launch(run)\n",
            message="`model.state_dict()` holds the module's tensors, not the module, so `fabric.save` raises",
            count=1, at="7:40-7:58", severity="error",
        ),
        Valid("from torch import nn\n"
              "from lightning.fabric import Fabric\n"
              "def save_model(fabric, path, weights):\n"
              "    fabric.save(path, weights)\n"
              "def run(fabric):\n"
              "    model = fabric.setup_module(nn.Linear(2, 2))\n"
              "    save_model(fabric, 'ckpt/', {'model': model})\n"
              "Fabric(strategy='xla_fsdp').launch(run)\n"),
        Valid("from torch import nn\n"
              "from lightning.fabric import Fabric\n"
              "def run(fabric):\n"
              "    model = fabric.setup_module(nn.Linear(2, 2))\n"
              "    fabric.save('ckpt/', {'model': model, 'weights': model.state_dict()})\n"
              "    fabric.save('ckpt.pt', model.state_dict())\n"
              "Fabric(strategy='fsdp', accelerator='cuda').launch(run)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def run(fabric, ema):\n"
              "    fabric.save('ckpt/', ema.state_dict())\n"  # what `ema` is: unknown
              "Fabric(strategy='xla_fsdp').launch(run)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for _call, fabric, method, state, entries, kinds in checkpoint_states(ctx):
            if SETUP_MODULE in kinds:
                continue
            # an attribute whose values differ (None in `__init__`, the raw module a method stores) but are
            # never the set-up module: the state lacks it whichever it holds
            settled = [never_set_up(ctx, value) if kind == UNKNOWN else kind for (_, value), kind in zip(entries, kinds)]
            if None in settled:
                continue
            mixed = {id(value) for (_, value), kind in zip(entries, kinds) if kind == UNKNOWN}
            kinds = settled  # type: ignore[assignment]  # no None left
            if method == "load" and (not entries or state_dict_type(ctx, fabric) != "sharded"):
                continue  # an empty state is LXF021's; a full load wants the raw model
            raw = [value for (_, value), kind in zip(entries, kinds) if kind == RAW_MODULE]
            verb = "saving" if method == "save" else "loading"
            entry = written_entry(raw[0]) if raw else None
            if entry is not None:  # a method's call put it in the state (`checkpointer.track(model=model)`)
                at, place = entry.value, place_in(entry.flow, entry.value)
                if place is None and entry.value not in ctx.parents:
                    continue  # written in a tree this check cannot place
                shown = entry.flow.ctx.doc.source(entry.value)
                why = (f"`{shown}` (put in the state at line {entry.value.lineno}{f' of {entry.flow.origin_name}' if place else ''}) "
                       "is the raw module, not the one `setup_module` returned")
            # the one entry `state_entries` makes of `state=model.state_dict()` (its key is the call itself)
            tensors = entries[0][1] if len(entries) == 1 and entries[0][0] is entries[0][1] else None
            if module_state_dict(tensors, ctx):  # `state=model.state_dict()`: a dict of the module's tensors
                yield self._state_dict_finding(ctx, state, tensors, method, verb)
                continue
            what = "holds the raw module or another object, never" if raw and id(raw[0]) in mixed else "is the raw module, not"
            why = (f"`{ctx.doc.source(raw[0])}` {what} the one `setup_module` returned" if raw
                   else "the state holds no model") if entry is None else why
            message = (
                "Could not find a XLAFSDP model in the provided checkpoint state: "
                f"{why}, so `fabric.{method}` raises ValueError. Make sure you set up the model (and optimizers if any) "
                f"through the strategy before {verb} the checkpoint"
            )
            if entry is not None:
                finding = self.finding(ctx, at if place is None else raw[0], message,
                                       record=self.record if method == "save" else LOAD_RECORD)
                yield finding if place is None else dataclasses.replace(finding, elsewhere=place)
                continue
            moved = self._raw_module_put_elsewhere(ctx, raw[0], message, method) if len(raw) == 1 else None
            if moved is not None:
                yield moved
                continue
            fixes = []
            if len(raw) == 1 and isinstance(raw[0], ast.Name):
                holder = set_up_holder(ctx, raw[0])
                if holder is not None:
                    fixes.append(fix(f"Use `{holder}`, the set-up model", replace(ctx, raw[0], holder), preferred=True))
            yield self.finding(ctx, raw[0] if raw else state, message, fixes,
                               record=self.record if method == "save" else LOAD_RECORD)


    def _raw_module_put_elsewhere(self, ctx: Context, raw: ast.expr, message: str, method: str) -> Finding | None:
        """The finding placed where another module gives the raw module (a parameter every call of another
        module fills with it, or `state.model` of an object another module filled), else None."""
        for lookup, wording in (  # how the message names it
                (passed_from_elsewhere, "`{shown}`, given for `{name}` at line {line} of {origin}, is the raw module"),
                (held_from_elsewhere, "`{name}` holds `{shown}` (line {line} of {origin}), the raw module")):
            found = lookup(ctx, raw)
            place = None if found is None else place_in(found[0], found[1])
            if found is None or place is None:
                continue
            there, module = found
            said = wording.format(shown=there.text(module), name=ctx.doc.source(raw), line=module.lineno,
                                  origin=there.origin_name)
            message = message.replace(f"`{ctx.doc.source(raw)}` is the raw module", said, 1)
            finding = self.finding(ctx, raw, message, record=self.record if method == "save" else LOAD_RECORD)
            return dataclasses.replace(finding, elsewhere=place)
        return None

    def _state_dict_finding(self, ctx: Context, state: ast.expr, tensors: ast.Call, method: str, verb: str) -> Finding:
        module = tensors.func.value  # type: ignore[attr-defined]  # `model` of `model.state_dict()`
        shown = ctx.doc.source(module)
        message = (
            "Could not find a XLAFSDP model in the provided checkpoint state: "
            f"`{ctx.doc.source(tensors)}` holds the module's tensors, not the module, so `fabric.{method}` raises "
            f"ValueError. Put the set-up model itself in the state before {verb} the checkpoint: "
            f"`{{'model': {shown}}}`"
        )
        # a parameter given the call (`save_model(fabric, hparams, model.state_dict())`): placed on the argument,
        # where the state is written and the fix goes
        binding = ctx.reaching(state) if state is not tensors and isinstance(state, ast.Name) else None
        passed = binding is not None and isinstance(binding.stmt, ast.arg)
        fixes = []
        if (state is tensors or passed) and object_kind(ctx, module) == SETUP_MODULE:
            quote = "'" if ctx.doc.contains("'") or not ctx.doc.contains('"') else '"'
            fixes.append(fix(f"Save the set-up model: {{{quote}model{quote}: {shown}}}",
                             replace(ctx, tensors, f"{{{quote}model{quote}: {shown}}}"), safety=Safety.UNSAFE))
        return self.finding(ctx, tensors if passed else state, message, fixes,
                            record=self.record if method == "save" else LOAD_RECORD)


def passed_from_elsewhere(ctx: Context, raw: ast.expr) -> tuple[Flow, ast.expr] | None:
    """`model`, a parameter of a function of this file that only other modules call (a callback's hook
    `fabric.call("on_train_batch_end", model=net)` reaches), holding the raw module on every path: the first
    argument those calls give for it that holds one (`net`), with the flow of its module. None otherwise."""
    binding = ctx.reaching(raw) if isinstance(raw, ast.Name) else None
    if binding is None or not isinstance(binding.stmt, ast.arg):
        return None
    func = ctx.scope_of(binding.stmt)
    values = ctx.values(raw)
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or not values \
            or not all(v.foreign and v.kind == "module" for v in values):
        return None
    for there, argument in ctx.flow.arguments_elsewhere(func, binding.stmt) or ():
        if any(v.kind == "module" for v in there.values(argument)):
            return there, argument
    return None


def held_from_elsewhere(ctx: Context, raw: ast.expr) -> tuple[Flow, ast.expr] | None:
    """`state.model`, read off a parameter (not a method's `self`) of a function of this file, holding on every
    path one raw module another module builds (`init_state(Net())` in train.py): that module's flow and the
    module's construction, where the object was given the raw module. None otherwise."""
    if not isinstance(raw, ast.Attribute) or not isinstance(raw.value, ast.Name):
        return None
    binding = ctx.reaching(raw.value)
    if binding is None or not isinstance(binding.stmt, ast.arg):
        return None
    func = ctx.scope_of(binding.stmt)
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or isinstance(ctx.parents.get(func), ast.ClassDef) and func.args.args[:1] == [binding.stmt]:
        return None  # `self.model`: the instance's own attribute, placed as the class writes it
    values = ctx.values(raw)
    if len(values) != 1 or not values[0].foreign or values[0].kind != "module" or values[0].flow is None \
            or not isinstance(values[0].node, ast.expr):
        return None
    return values[0].flow, values[0].node


def set_up_holder(ctx: Context, raw: ast.Name) -> str | None:
    """The name `h` of an earlier `h = fabric.setup_module(raw)` in the same scope that still holds it here."""
    scope = ctx.scope_of(raw)
    if not isinstance(raw, ast.Name):
        return None
    for call in [*ctx.method_calls_passing("setup_module", raw.id), *ctx.method_calls_passing("setup", raw.id)]:
        if len(call.args) != 1 or not same_value(ctx, call.args[0], raw) or not is_fabric_method(
                ctx, call, ("setup_module", "setup")):
            continue
        stmt = ctx.statement_of(call)
        if not (isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)) or ctx.scope_of(stmt) is not scope:
            continue
        name = stmt.targets[0].id
        later = [b for b in ctx.bindings(name, scope)
                 if (b.stmt.lineno, b.stmt.col_offset) > (stmt.lineno, stmt.col_offset)  # type: ignore[attr-defined]
                 and (b.stmt.lineno, b.stmt.col_offset) < (raw.lineno, raw.col_offset)]  # type: ignore[attr-defined]
        if not later and (stmt.end_lineno, stmt.end_col_offset) <= (raw.lineno, raw.col_offset):
            return name
    return None


RULE = StateWithoutSetUpModel()
