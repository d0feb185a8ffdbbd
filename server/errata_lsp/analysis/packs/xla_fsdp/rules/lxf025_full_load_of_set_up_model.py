"""LXF025: a full-checkpoint load (`state_dict_type="full"`) given the set-up model.

A full XLAFSDP checkpoint is one consolidated, unsharded state dict, which only fits the original
module: `XLAFSDPStrategy.load_checkpoint` raises ValueError "Found a XLAFSDP model in the provided
checkpoint state. Please provide the model without any XLAFSDP wrapper." (xla_fsdp.py l.606) when a
value of the state is an XLAFSDP module, that is, what `fabric.setup_module` returned. Sharded loads
want the opposite (LXF023). Load into the raw model before setting it up
(`fabric.load(path, {"model": model}); model = fabric.setup_module(model)`), or save sharded
checkpoints. No fix: the load has to move before the set-up. A load done by a function of another module
(`restore(fabric, path, model)` in `ckpt.py`, whose `fabric.load(path, {"model": model})` takes its
parameters) is read at each call here: the set-up model passed is flagged where it is passed.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Severity
from ....flow import Flow, argument_for
from ....rule import Invalid, Rule, Valid
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..checkpoint_states import checkpoint_states
from ..checkpoints import SETUP_MODULE, object_kind, state_argument, state_dict_type, state_entries
from ..facts import fabric_methods_on_parameters


class FullLoadOfSetUpModel(Rule):
    code = "LXF025"
    record = "6e794c8bfb6dc3ba"
    name = "full-load-of-set-up-model"
    summary = "A full XLAFSDP checkpoint loads into the raw model, before `setup_module`"
    severity = Severity.ERROR
    triggers = ("load",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.load('full.ckpt', {'model': model})\n"
            "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n",
            message="Please provide the model without any XLAFSDP wrapper",
            count=1, at="5:40-5:45", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "strategy = XLAFSDPStrategy(state_dict_type='full')\n"
            "fabric = Fabric(strategy=strategy)\n"
            "def train(fabric):\n"
            "    model = Net()\n"
            "    model = fabric.setup(model)\n"
            "    fabric.load('full.ckpt', state={'model': model, 'step': 0})\n"
            "fabric.launch(train)\n",
            count=1, at="8:46-8:51", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import XLAFSDPStrategy\n"
              "def train(fabric):\n"
              "    model = Net()\n"
              "    fabric.load('full.ckpt', {'model': model})\n"
              "    model = fabric.setup_module(model)\n"
              "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.load('ckpt/', {'model': model})\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric, method, _state, entries, kinds in checkpoint_states(ctx):
            if method != "load" or SETUP_MODULE not in kinds or state_dict_type(ctx, fabric) != "full":
                continue
            model = next(value for (_, value), kind in zip(entries, kinds) if kind == SETUP_MODULE)
            if _given_by_caller(ctx, call, model):
                continue  # `restore(fabric, path, model)`: reported where the caller passes its set-up model
            message = (
                "Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP "
                f"wrapper: `{ctx.doc.source(model)}` is the set-up model, and a full checkpoint (state_dict_type='full') "
                "loads into the raw one, so `fabric.load` raises ValueError. Load before `setup_module`, into the raw "
                "model, or save sharded checkpoints"
            )
            yield self.finding(ctx, model, message)
        yield from self._loads_elsewhere(ctx)

    def _loads_elsewhere(self, ctx: Context) -> Iterator[Finding]:
        """`restore(fabric, path, model)` where `restore`, a function of another module, loads into its
        parameter the set-up model passed here lands in, with the full-checkpoint Fabric passed here."""
        for call in ctx.calls_into_project:  # (the only calls `called_elsewhere` may answer)
            if len(call.args) + len(call.keywords) < 2 or not isinstance(call.func, (ast.Name, ast.Attribute)):
                continue
            elsewhere = ctx.called_elsewhere(call)
            if elsewhere is None:
                continue
            func, module = elsewhere
            for receiver, param, load in module.ctx.once("loads into parameters", func,
                                                         functools.partial(_loads_into_parameters, module, func)):
                fabric, model = (argument_for(func, p, call, False) for p in (receiver, param))
                if not isinstance(fabric, ast.expr) or not isinstance(model, ast.expr) \
                        or fabric_kind(ctx, fabric) != XLA_FSDP or object_kind(ctx, model) != SETUP_MODULE \
                        or state_dict_type(ctx, fabric) != "full":
                    continue
                message = (
                    "Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any "
                    f"XLAFSDP wrapper: `{ctx.doc.source(model)}` is the set-up model, and `{ctx.doc.source(call.func)}` "
                    f"({module.origin_name}, line {load.lineno}) loads a full checkpoint (state_dict_type='full') "
                    "into it, which loads into the raw one, so `fabric.load` raises ValueError. Load before "
                    "`setup_module`, into the raw model, or save sharded checkpoints"
                )
                yield self.finding(ctx, model, message)  # the fix is here: load before the set-up


def _given_by_caller(ctx: Context, load: ast.Call, model: ast.expr) -> bool:
    """The load is one `_loads_into_parameters` finds in its function, into the parameter `model` names, and
    every set-up model it may hold is written in another module, whose call `_loads_elsewhere` reports."""
    func = ctx.enclosing_function(load)
    if func is None or not isinstance(model, ast.Name) or not any(
            found is load and param.arg == model.id
            for _, param, found in ctx.once("loads into parameters", func,
                                            functools.partial(_loads_into_parameters, ctx.flow, func))):
        return False
    held = ctx.values(model)
    return bool(held) and all((owner := ctx.owner_of(v)) is not None and owner is not ctx for v in held)


def _loads_into_parameters(flow: Flow, func: ast.FunctionDef | ast.AsyncFunctionDef
                            ) -> list[tuple[ast.arg, ast.arg, ast.Call]]:
    """(the parameter the Fabric comes in, the one a state value comes in, the call) of each
    `fabric.load(path, {"model": model, ...})` the function makes on its parameters, never bound again."""
    params = {a.arg: a for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    stores = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    out = []
    for receiver, load in fabric_methods_on_parameters(func, "load"):
        state, hidden = state_argument(load)
        entries = state_entries(flow.ctx, state, load) if state is not None and not hidden else None
        for _, value in entries or ():
            if isinstance(value, ast.Name) and value.id in params and value.id not in stores:
                out.append((receiver, params[value.id], load))
    return out


RULE = FullLoadOfSetUpModel()
