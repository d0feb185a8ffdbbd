# expect: none
# real: OK
# findings: none
"""Checkpointing is off for this small model: the config keeps an empty layer list."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.relu(self.ff(x))


@dataclass
class Config:
    wrap: set = field(default_factory=lambda: {Block})
    remat: list = field(default_factory=list)
    steps: int = 2


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(5, 32), Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01))
    for _ in range(cfg.steps):
        x = torch.randn(8, 5, device=fabric.device)
        loss = F.cross_entropy(model(x), (x.sum(1) > 0).long())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = Config()
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap, activation_checkpointing_policy=cfg.remat)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
