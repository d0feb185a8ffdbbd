# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
# findings: LXF001 error 44
"""Experiment settings as a typing.NamedTuple; the remat layers field defaults to a list."""
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


class Settings(NamedTuple):
    steps: int = 2
    lr: float = 1e-3
    wrap_layers: frozenset = frozenset()
    remat_layers: list = [Block]


def train(fabric, settings):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    for _ in range(settings.steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = Settings(lr=5e-4)
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=settings.remat_layers)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, settings)
