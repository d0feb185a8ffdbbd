"""LXF022: `fabric.load(path, model)` / `fabric.load_raw(path, obj)` with a bare module or optimizer.

`XLAFSDPStrategy.load_checkpoint` raises NotImplementedError "Loading a single module or optimizer
object from a checkpoint is not supported yet with the XLAFSDP strategy." (xla_fsdp.py l.538) when the
state is an `nn.Module` or an `Optimizer` instead of a dict. `fabric.load_raw(path, obj)`, meant for
plain PyTorch state-dict files, always passes the object itself, so it always raises under XLAFSDP;
`fabric.load(path, model)` raises when the file shows the second argument is a module (raw or set up:
Fabric unwraps the set-up one to the XLAFSDP module) or an optimizer.

For `fabric.load(path, model)` the fix passes `{"model": model}` when that is what the strategy's
`state_dict_type` wants (the set-up model for "sharded", the raw one for "full"). It assumes the
checkpoint keeps the model under "model", as `fabric.save(path, {"model": model, ...})` does: unsafe.
`load_raw` has no fix: load the plain weights into the raw model before set-up,
`model.load_state_dict(torch.load(path))`.
"""

from __future__ import annotations

import ast

from ..context import XLA_FSDP, Context
from ..findings import Safety, Severity
from ..rule import Invalid, Rule, Valid, fix, replace
from ..checkpoints import OPTIMIZER, RAW_MODULE, SETUP_MODULE, object_kind, state_argument, state_dict_type

WORDS = {SETUP_MODULE: "the set-up module", RAW_MODULE: "a module", OPTIMIZER: "an optimizer"}


class LoadBareObject(Rule):
    code = "LXF022"
    record = "18a7e33240da8ebb"
    name = "load-bare-object"
    summary = "Under XLAFSDP, load into a state dict, not into a bare module or optimizer"
    severity = Severity.ERROR
    triggers = ("load",)
    examples = (
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.load('ckpt/', model)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            fixed="from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    fabric.load('ckpt/', {'model': model})\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="Loading a single module or optimizer object",
            count=1, at="4:26-4:31", severity="error",
        ),
        Invalid(
            "from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    model = nn.Linear(2, 2)\n"
            "    fabric.load('full.ckpt', state=model)\n"
            "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n",
            fixed="from torch import nn\n"
            "from lightning.fabric import Fabric\n"
            "from lightning.fabric.strategies import XLAFSDPStrategy\n"
            "def train(fabric):\n"
            "    model = nn.Linear(2, 2)\n"
            "    fabric.load('full.ckpt', state={'model': model})\n"
            "Fabric(strategy=XLAFSDPStrategy(state_dict_type='full')).launch(train)\n",
            count=1, at="6:36-6:41", severity="error",
        ),
        Invalid(
            "from lightning.fabric import Fabric\n"
            "def train(fabric, model):\n"
            "    fabric.load_raw('pretrained.pt', model)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            message="`load_raw`",
            count=1, at="3:5-3:20", severity="error",
        ),
        Invalid(
            "import torch\n"
            "from lightning.fabric import Fabric\n"
            "def train(fabric):\n"
            "    model = fabric.setup_module(Net())\n"
            "    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters()))\n"
            "    fabric.load('ckpt/', optimizer)\n"
            "Fabric(strategy='xla_fsdp').launch(train)\n",
            count=1, at="6:26-6:35", severity="error",
        ),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric, state):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.load('ckpt/', {'model': model})\n"
              "    fabric.load('ckpt/', state)\n"
              "Fabric(strategy='xla_fsdp').launch(train)\n"),
        Valid("from lightning.fabric import Fabric\n"
              "def train(fabric):\n"
              "    model = fabric.setup_module(Net())\n"
              "    fabric.load_raw('pretrained.pt', model)\n"
              "    fabric.load('ckpt.pt', model)\n"
              "Fabric(strategy='fsdp', accelerator='cuda').launch(train)\n"),
    )

    def check(self, ctx: Context):
        for method in ("load", "load_raw"):
            for call, fabric in ctx.method_calls(method):
                keyword = "state" if method == "load" else "obj"
                state, hidden = state_argument(call, 1, keyword)
                if state is None or hidden or ctx.fabric_kind(fabric) != XLA_FSDP:
                    continue
                message = (
                    "Loading a single module or optimizer object from a checkpoint is not supported yet with the "
                    "XLAFSDP strategy: "
                )
                if method == "load_raw":
                    message += (
                        "`load_raw` always passes the object itself, so it raises NotImplementedError. Load plain "
                        "weights into the raw model before set-up: `model.load_state_dict(torch.load(path))`"
                    )
                    yield self.finding(ctx, call.func, message)
                    continue
                kind = object_kind(ctx, state)
                if kind not in WORDS:
                    continue
                message += (
                    f"`{ctx.doc.source(state)}` is {WORDS[kind]}, so `fabric.load` raises NotImplementedError. "
                    "Pass a state dict: `{'model': model, 'optimizer': optimizer}`"
                )
                yield self.finding(ctx, state, message, self._fixes(ctx, fabric, state, kind))

    def _fixes(self, ctx: Context, fabric: ast.expr, state: ast.expr, kind: str) -> list:
        wanted = {"sharded": SETUP_MODULE, "full": RAW_MODULE}.get(state_dict_type(ctx, fabric) or "")
        if kind != wanted:
            return []
        text = ctx.doc.source(state)
        quote = "'" if ctx.doc.contains("'") or not ctx.doc.contains('"') else '"'
        return [fix(f"Load into `{{{quote}model{quote}: {text}}}` (the checkpoint keeps the model under \"model\")",
                    replace(ctx, state, f"{{{quote}model{quote}: {text}}}"), safety=Safety.UNSAFE, preferred=True)]


RULE = LoadBareObject()
