# expect: none
# oracle: OK
# twin: p764_export_hook_partial_binds_model_before_setup
"""Sequence tagger; after-step hooks (a HookList of functools.partial objects) log and export sharded weights."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import utils.hooks as hooks
from model import ConvBlock, Tagger
from utils.export import export_weights, log_step

STEPS = 4
EXPORT_EVERY = 2
OUT_DIR = "exports"


def train(fabric):
    after_step = hooks.HookList()
    history = []
    model = fabric.setup_module(Tagger())
    after_step.register(functools.partial(log_step, history=history))
    after_step.register(functools.partial(export_weights, model=model, out_dir=OUT_DIR), every=EXPORT_EVERY)

    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(1, STEPS + 1):
        tokens = torch.randint(0, 300, (8, 20), device=fabric.device)
        tags = torch.randint(0, 9, (8, 20), device=fabric.device)
        loss = F.cross_entropy(model(tokens).flatten(0, 1), tags.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        history.append(loss.item())
        after_step(fabric, step)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(train)
