"""LXF021: `fabric.load(path)` with no state (or an empty one) under XLAFSDP.

`XLAFSDPStrategy.load_checkpoint` starts with `if not state: raise ValueError("Got
`XLAFSDPStrategy.load_checkpoint(..., state=...)` but a state with at least  a model instance to reload
is required ...")` (xla_fsdp.py l.528): its shards can only be restored into objects, the set-up model
for sharded checkpoints or the raw one for full checkpoints. So `fabric.load(path)`, which returns the
whole checkpoint under other strategies, raises here, and so do `fabric.load(path, {})`,
`state=None`, a name bound to `{}` that nothing fills in before the call, and a comprehension that keeps no
entry of the dict it reads (`{k: v for k, v in state.items() if k in keys}` with `keys` an empty tuple). No fix: only the user knows what to restore.
A helper's `state=None` parameter that every caller in another module leaves out, or passes None for, is
reported at those calls: the argument belongs there.

This module also holds the checkpoint helpers of LXF022-LXF025: reading the state dict a call is
given, what kind of object each value is, and the strategy's `state_dict_type`.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator

from ....context import Context, place_in
from ....findings import Finding, Place, Severity
from ....flow import Flow
from ....rule import Invalid, Rule, Valid
from ...lightning.fabric import XLA_FSDP, fabric_kind
from ..checkpoints import state_argument, state_entries


class LoadWithoutState(Rule):
    code = "LXF021"
    record = "30ff987e8c0c89cd"
    name = "load-without-state"
    summary = "Under XLAFSDP, `fabric.load` needs a state dict with the objects to restore"
    severity = Severity.ERROR
    triggers = ("load",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    checkpoint = fabric.load('ckpt/')\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="a state with at least  a model instance to reload is required",
            count=1, at="3:18-3:29", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "fabric = Fabric(strategy='xla_fsdp')\n"
            "state = {}\n"
            "fabric.load('ckpt/', state)\n"
            "fabric.load('ckpt/', state=None)\n",
            count=2, at="4:22-4:27", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def restore(fabric, state, keys):\n"
            "    wanted = {k: v for k, v in state.items() if k in keys}\n"
            "    fabric.load('ckpt/', wanted)\n"
            "    print(sorted(wanted))\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    restore(fabric, {'model': model, 'step': 0}, ())\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Got `XLAFSDPStrategy.load_checkpoint(..., state={})`",
            count=1, at="4:26-4:32", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def restore(fabric, state, keys):\n"
              "    wanted = {k: v for k, v in state.items() if k in keys}\n"
              "    fabric.load('ckpt/', wanted)\n"
              "    print(sorted(wanted))\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    restore(fabric, {'model': model, 'step': 0}, ('model',))\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.load('ckpt/', {'model': model})\n"
              "    state = {}\n"
              "    state['model'] = model\n"
              "    fabric.load('ckpt/', state)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "fabric = Fabric(strategy='fsdp', accelerator='cuda')\n"
              "checkpoint = fabric.load('ckpt.pt')\n"
              "tensors = torch.load('x.pt')\n"),
    )

    def check(self, ctx: Context) -> Iterator[Finding]:
        for call, fabric in ctx.method_calls("load"):
            state, hidden = state_argument(call)
            if hidden or fabric_kind(ctx, fabric) != XLA_FSDP:
                continue
            callers: list[tuple[Flow, ast.Call]] | None = None
            written: list[Place] = []
            if state is None:
                shown = "None"
            else:
                value = ctx.value_of(state)
                if isinstance(value, ast.Constant) and value.value is None:
                    shown = "None"
                elif (callers := self._leaving_none(ctx, state)) is not None or (written := _nones_elsewhere(ctx, state)):
                    shown = "None"
                else:
                    entries = state_entries(ctx, state, call)
                    if entries is None or entries:
                        continue
                    shown = "{}"
            message = (
                f"Got `XLAFSDPStrategy.load_checkpoint(..., state={shown})` but a state with at least  a model instance "
                "to reload is required: `fabric.load` raises ValueError under XLAFSDP. "
                f"Pass the objects to restore: `{ctx.doc.source(fabric)}.load(path, {{'model': model, ...}})`"
            )
            finding = self.finding(ctx, call.func if state is None else state, message)
            if written:  # `state=None` written at the call of another module: the fix is there
                yield from (dataclasses.replace(finding, elsewhere=place) for place in written)
            elif callers and state is not None:
                yield from _at_callers(ctx, finding, state, callers)
            else:
                yield finding

    @staticmethod
    def _leaving_none(ctx: Context, state: ast.expr) -> list[tuple[Flow, ast.Call]] | None:
        """The other modules' calls of the helper whose `state=None` parameter `state` reads, when every
        one of them leaves it out."""
        values = ctx.values(state)
        if not values or any(v.kind != "none" for v in values):
            return None
        return ctx.callers_leaving_default(state)


def _at_callers(ctx: Context, finding: Finding, state: ast.expr, callers: list[tuple[Flow, ast.Call]]) -> Iterator[Finding]:
    """The helper's default None reaches `fabric.load`: the argument belongs at each call that leaves it out."""
    name = ctx.doc.source(state)
    for there, caller in callers:
        place = place_in(there, caller)
        if place is None:
            continue
        helper = there.ctx.doc.source(caller.func)
        yield dataclasses.replace(finding, elsewhere=place, message=(
            "Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to "
            f"reload is required: `{helper}(...)` ({there.origin_name}, line {caller.lineno}) passes no `{name}`, "
            "and its default None reaches `fabric.load`, which raises ValueError under XLAFSDP. Pass the objects "
            f"to restore: `{helper}(..., {name}={{'model': model, ...}})`"))


def _nones_elsewhere(ctx: Context, state: ast.expr) -> list[Place]:
    """Where the None `state` holds on every path is written in other modules (`load_checkpoint(fabric,
    path, state=None)` in train.py): empty unless each is such a None, written in its module's own text."""
    places = []
    for v in ctx.values(state):
        owner = ctx.owner_of(v) if v.kind == "none" and not v.when else None
        place = place_in(v.flow, v.node) if owner is not None and owner is not ctx and v.flow is not None \
            and v.node is not None else None
        if place is None:
            return []
        places.append(place)
    return places


RULE = LoadWithoutState()
