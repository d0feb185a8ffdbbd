# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 56
"""Run settings as a NamedTuple; the long-context run is derived with _replace and a tuple of layers."""
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


class RunSettings(NamedTuple):
    steps: int = 2
    lr: float = 1e-3
    remat: object = None


DEFAULT = RunSettings()
LONG_CONTEXT = DEFAULT._replace(remat=(Block,), steps=1)


def train(fabric, settings):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    for _ in range(settings.steps):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    settings = LONG_CONTEXT
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=settings.remat)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, settings)
