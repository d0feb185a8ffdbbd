"""LXF025: a full-checkpoint load (`state_dict_type="full"`) given the set-up model.

A full XLAFSDP checkpoint is one consolidated, unsharded state dict, which only fits the original
module: `XLAFSDPStrategy.load_checkpoint` raises ValueError "Found a XLAFSDP model in the provided
checkpoint state. Please provide the model without any XLAFSDP wrapper." (xla_fsdp.py l.606) when a
value of the state is an XLAFSDP module, that is, what `fabric.setup_module` returned. Sharded loads
want the opposite (LXF023). Load into the raw model before setting it up
(`fabric.load(path, {"model": model}); model = fabric.setup_module(model)`), or save sharded
checkpoints. No fix: the load has to move before the set-up.
"""

from __future__ import annotations

from collections.abc import Iterator

from ....context import Context
from ....findings import Finding, Severity
from ....rule import Invalid, Rule, Valid
from ..checkpoint_states import checkpoint_states
from ..checkpoints import SETUP_MODULE, state_dict_type


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
        for _call, fabric, method, _state, entries, kinds in checkpoint_states(ctx):
            if method != "load" or SETUP_MODULE not in kinds or state_dict_type(ctx, fabric) != "full":
                continue
            model = next(value for (_, value), kind in zip(entries, kinds) if kind == SETUP_MODULE)
            message = (
                "Found a XLAFSDP model in the provided checkpoint state. Please provide the model without any XLAFSDP "
                f"wrapper: `{ctx.doc.source(model)}` is the set-up model, and a full checkpoint (state_dict_type='full') "
                "loads into the raw one, so `fabric.load` raises ValueError. Load before `setup_module`, into the raw "
                "model, or save sharded checkpoints"
            )
            yield self.finding(ctx, model, message)


RULE = FullLoadOfSetUpModel()
