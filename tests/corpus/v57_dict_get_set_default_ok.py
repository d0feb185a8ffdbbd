# expect: none
# real: OK
# findings: none
"""Scheduler-provided JSON settings with safe defaults for local runs."""
import json
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(x))


NAMED_LAYERS = {"block": Block}


def strategy_from(settings: dict) -> XLAFSDPStrategy:
    names = settings.get("remat_layers", ["block"])
    remat = {NAMED_LAYERS[n] for n in names}
    wrap = settings.get("wrap", {Block})
    return XLAFSDPStrategy(auto_wrap_policy=wrap, activation_checkpointing_policy=remat)


def train(fabric, settings):
    model = fabric.setup_module(nn.Sequential(nn.Linear(5, 32), Block(), Block(), nn.Linear(32, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=settings.get("lr", 1e-3)))
    for _ in range(settings.get("steps", 2)):
        x = torch.randn(6, 5, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 3, (6,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = json.loads(os.environ.get("JOB_SETTINGS", "{}"))
    fabric = Fabric(accelerator="tpu", strategy=strategy_from(settings))
    fabric.launch(train, settings)
