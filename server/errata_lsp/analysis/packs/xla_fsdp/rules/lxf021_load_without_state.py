"""LXF021: `fabric.load(path)` with no state (or an empty one) under XLAFSDP.

`XLAFSDPStrategy.load_checkpoint` starts with `if not state: raise ValueError("Got
`XLAFSDPStrategy.load_checkpoint(..., state=...)` but a state with at least  a model instance to reload
is required ...")` (xla_fsdp.py l.528): its shards can only be restored into objects, the set-up model
for sharded checkpoints or the raw one for full checkpoints. So `fabric.load(path)`, which returns the
whole checkpoint under other strategies, raises here, and so do `fabric.load(path, {})`,
`state=None` and a name bound to `{}` that nothing fills in. No fix: only the user knows what to restore.

This module also holds the checkpoint helpers of LXF022-LXF025: reading the state dict a call is
given, what kind of object each value is, and the strategy's `state_dict_type`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Severity
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
            if state is None:
                shown = "None"
            else:
                value = ctx.value_of(state)
                if isinstance(value, ast.Constant) and value.value is None:
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
            yield self.finding(ctx, call.func if state is None else state, message)


RULE = LoadWithoutState()
