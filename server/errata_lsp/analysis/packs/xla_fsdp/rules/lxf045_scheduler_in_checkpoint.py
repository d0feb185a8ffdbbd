"""LXF045: a learning-rate scheduler object, built on the set-up optimizer, in the state `fabric.save` writes.

`XLAFSDPStrategy._save_checkpoint_shard` (xla_fsdp.py l.497-504) turns only the XLAFSDP module and the
optimizers of the state into state dicts; any other value is `torch.save`d as it is. A scheduler keeps its
optimizer, and the optimizer `fabric.setup_optimizers` returns is an instance of a class Fabric makes on the fly
(`FabricAdamW`, wrappers.py l.68), which pickle cannot find by name: `fabric.save` raises `_pickle.PicklingError:
Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>` in the worker. DDP and CUDA FSDP call
`state_dict()` on such values, so the same loop saves fine there: a port to the TPU meets it at the first
checkpoint. A scheduler built on the optimizer before its set-up holds the raw optimizer, which pickles: silent.

Read on XLAFSDP saves whose state the file shows: a value that holds, on every path, a call of a scheduler class
of `torch.optim.lr_scheduler` or of one of transformers' `get_*_schedule*` factories, whose optimizer argument
holds what `setup_optimizers` returned. The fix saves `scheduler.state_dict()` (unsafe: the resume must then
call `scheduler.load_state_dict(...)` on what `fabric.load` gives back).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ....binder import all_args
from ....context import Context
from ....findings import Finding, Safety, Severity
from ....flow import Flow, argument_for
from ....rule import Invalid, Rule, Valid, fix, replace, short
from ....values import Value
from ..checkpoint_states import xla_fsdp_saves
from ..checkpoints import state_argument, written_entry

SCHEDULERS = "torch.optim.lr_scheduler."
SCHEDULE_FACTORIES = ("transformers.get_", "transformers.optimization.get_")  # `get_cosine_schedule_with_warmup`


def _scheduler_call(qualified: str | None) -> bool:
    if not qualified:
        return False
    if qualified.startswith(SCHEDULERS):
        return qualified[len(SCHEDULERS):][:1].isupper()  # a class, not a helper of the module
    return qualified.startswith(SCHEDULE_FACTORIES) and "schedule" in qualified


def _optimizer_argument(call: ast.Call) -> ast.expr | None:
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "optimizer"), None)


def _set_up_there(ctx: Context, optimizer: ast.expr) -> bool:
    """`optimizer` is what a `<fabric>.setup_optimizers(...)` of its own function returned, as written: a helper
    of another module given the Fabric as a parameter (`build_optimization(fabric, model)`), whose Fabric only
    its callers know (the save it reaches is on an XLAFSDP Fabric)."""
    binding = ctx.reaching(optimizer) if isinstance(optimizer, ast.Name) else None
    built = binding.value if binding is not None else optimizer
    return isinstance(built, ast.Call) and isinstance(built.func, ast.Attribute) and built.func.attr == "setup_optimizers" \
        and len(built.args) == 1 and not built.keywords


def _optimizer_class(ctx: Context, set_up: Value | None) -> str:
    """`AdamW` for what `fabric.setup_optimizers(torch.optim.AdamW(...))` returned: the class Fabric's wrapper
    class is named after (`FabricAdamW`); `<Optimizer>` when the file cannot tell."""
    call = set_up.node if set_up is not None else None
    given = _optimizer_argument(call) if isinstance(call, ast.Call) else None
    if set_up is not None and set_up.flow is not None:
        ctx = set_up.flow.ctx  # the module that set it up (a helper's caller, when a helper builds the scheduler)
    classes = {v.qualified.rpartition(".")[2] for v in ctx.values(given) if v.qualified} if given is not None else set()
    return classes.pop() if len(classes) == 1 else "<Optimizer>"


def _displayed_entries(ctx: Context, call: ast.Call) -> list[tuple[ast.expr, ast.expr]]:
    """The entries of the dict display a save's state name is bound to, but those whose key the function stores
    into again (`state["iter_num"] = i`): each is still there when the save runs. [] when the name is passed on,
    updated, popped from or stored into under a key the file cannot read."""
    state, hidden = state_argument(call)
    if not isinstance(state, ast.Name) or hidden:
        return []
    binding = ctx.reaching(state)
    display = binding.value if binding is not None else None
    if not isinstance(display, ast.Dict) or any(k is None for k in display.keys):
        return []
    stored: set[object] = set()  # keys stored again: their displayed value may not be the one saved
    scope = ctx.scope_of(call)
    for load in ctx.loads_named(state.id):
        parent = ctx.parents.get(load)
        if parent is call or ctx.reaching(load) is not binding or not ctx.within(load, scope):
            continue  # the save's own argument, or another binding's
        if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Load):
            continue  # a read
        if isinstance(parent, ast.Subscript) and isinstance(parent.slice, ast.Constant) and isinstance(parent.ctx, ast.Store):
            stored.add(parent.slice.value)
            continue
        return []
    return [(k, v) for k, v in zip(display.keys, display.values)  # type: ignore[misc]  # no `**` (above)
            if not (isinstance(k, ast.Constant) and k.value in stored)]


def _passed_to_helper(ctx: Context, value: ast.expr, flow: Flow, built: ast.Call, optimizer: ast.expr) -> tuple[Value, ...]:
    """What this file's call of the helper that built the scheduler (`scheduler = build_scheduler(optimizer,
    "cosine")`, the helper of another module) passes for the parameter the scheduler is built on; () when the
    state's value is no such name bound to such a call, or the helper binds that parameter again."""
    func = flow.ctx.enclosing_function(built)
    binding = ctx.reaching(value) if isinstance(value, ast.Name) else None
    call = binding.value if binding is not None else None
    if not isinstance(optimizer, ast.Name) or not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or not isinstance(call, ast.Call) or not any(f.node is func for f in ctx.values(call.func)):
        return ()
    arg = next((a for a in all_args(func.args) if a.arg == optimizer.id), None)
    if arg is None or any(isinstance(n, ast.Name) and n.id == arg.arg and isinstance(n.ctx, ast.Store) for n in ast.walk(func)):
        return ()  # not a parameter, or one bound again
    given = argument_for(func, arg, call, False)
    return ctx.values(given) if isinstance(given, ast.expr) else ()


class SchedulerInCheckpoint(Rule):
    code = "LXF045"
    record = "03eb728b8db242e1"
    name = "scheduler-in-checkpoint"
    summary = "Under XLAFSDP, save a scheduler's `state_dict()`, not the scheduler on the set-up optimizer"
    severity = Severity.ERROR
    triggers = ("save",)
    examples = (
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n"
            "    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=100)\n"
            "    fabric.save('ckpt', {'model': model, 'optimizer': optimizer, 'scheduler': scheduler})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n"
            "    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=100)\n"
            "    fabric.save('ckpt', {'model': model, 'optimizer': optimizer, 'scheduler': scheduler.state_dict()})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`scheduler` is a learning-rate scheduler (line 6) built on `optimizer`, the optimizer "
            "`setup_optimizers` returned: XLAFSDP saves it as it is, and pickle cannot find the class Fabric made for "
            "that optimizer, so `fabric.save` raises PicklingError: Can't pickle <class "
            "'lightning.fabric.wrappers.FabricAdamW'>. Save `scheduler.state_dict()` (and restore it with "
            "`scheduler.load_state_dict(...)` after `fabric.load`)",
            count=1, at="7:79-7:88", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from torch.optim import SGD\n"
            "from transformers import get_linear_schedule_with_warmup\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    opt = fabric.setup_optimizers(SGD(model.parameters(), lr=0.1))\n"
            "    sched = get_linear_schedule_with_warmup(opt, 10, 100)\n"
            "    state = {'model': model, 'optimizer': opt, 'sched': sched, 'step': 0}\n"
            "    fabric.save('ckpt', state)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`sched` is a learning-rate scheduler (line 7) built on `opt`, the optimizer `setup_optimizers` "
            "returned: XLAFSDP saves it as it is, and pickle cannot find the class Fabric made for that optimizer, "
            "so `fabric.save` raises PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricSGD'>",
            count=1, at="8:57-8:62", severity="error",
        ),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    raw = torch.optim.AdamW(model.parameters())\n"
              "    early = torch.optim.lr_scheduler.StepLR(raw, step_size=10)\n"
              "    optimizer = fabric.setup_optimizers(raw)\n"
              "    late = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)\n"
              "    fabric.save('a', {'model': model, 'optimizer': optimizer, 'scheduler': early})\n"
              "    fabric.save('b', {'model': model, 'optimizer': optimizer, 'scheduler': late.state_dict()})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("import torch\n"
              "from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model, optimizer = fabric.setup(Net(), torch.optim.AdamW(Net().parameters()))\n"
              "    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)\n"
              "    fabric.save('ckpt', {'model': model, 'optimizer': optimizer, 'scheduler': scheduler})\n"
              "Fabric(strategy='ddp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, _fabric, entries in xla_fsdp_saves(ctx):
            if entries is None:  # a state the file changes later (`state["step"] = step` in the loop)
                entries = _displayed_entries(ctx, call)
            for key, value in entries:
                finding = self._scheduler(ctx, key, value)
                if finding is not None:
                    yield finding

    def _scheduler(self, ctx: Context, key: ast.expr, value: ast.expr) -> Finding | None:
        held = ctx.values(value)
        if not held or not all(_scheduler_call(v.qualified) and isinstance(v.node, ast.Call) for v in held):
            return None
        built = held[0].node
        optimizer = _optimizer_argument(built)  # type: ignore[arg-type]  # a call (above)
        if optimizer is None or held[0].flow is None:
            return None
        owner = held[0].flow.ctx
        given = held[0].flow.values(optimizer)
        if not any(v.kind == "setup_optimizer" for v in given):
            given = _passed_to_helper(ctx, value, held[0].flow, built, optimizer) or given  # type: ignore[arg-type]  # a call
        if not (given and all(v.kind == "setup_optimizer" for v in given) or _set_up_there(owner, optimizer)):
            return None  # the raw optimizer pickles; one the file cannot see may be either
        # an entry read through the value flow (`vars(self)`) stands at the state's place: named by its key
        name = key.value if written_entry(value) is not None and isinstance(key, ast.Constant) and isinstance(key.value, str) \
            else short(ctx.doc.source(value))
        where = "" if owner is ctx else f"{held[0].flow.origin_name}, "  # a helper of another module built it
        message = (
            f"`{name}` is a learning-rate scheduler ({where}line {built.lineno}) built on "  # type: ignore[union-attr]
            f"`{short(owner.doc.source(optimizer))}`, the optimizer `setup_optimizers` returned: XLAFSDP saves it as it "
            "is, and pickle cannot find the class Fabric made for that optimizer, so `fabric.save` raises PicklingError: Can't pickle <class "
            f"'lightning.fabric.wrappers.Fabric{_optimizer_class(owner, given[0] if given else None)}'>. Save "
            f"`{name}.state_dict()` (and restore it with `{name}.load_state_dict(...)` after `fabric.load`)"
        )
        fixes = [fix(f"Save `{name}.state_dict()`", replace(ctx, value, f"{ctx.doc.source(value)}.state_dict()"),
                     safety=Safety.UNSAFE, preferred=True)] \
            if isinstance(value, (ast.Name, ast.Attribute)) and written_entry(value) is None else []  # (a stand-in: no text)
        return self.finding(ctx, value, message, fixes)


RULE = SchedulerInCheckpoint()
