# expect: none
# real: OK
# findings: none
"""The config lists layer classes for readability; a property turns them into the set Lightning wants."""
from dataclasses import dataclass, field

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
        return x + torch.relu(self.fc(x))


@dataclass
class ModelConfig:
    layer_classes: list = field(default_factory=lambda: [Block])
    steps: int = 2

    @property
    def remat_policy(self):
        return set(self.layer_classes)

    @property
    def wrap_policy(self):
        return {*self.layer_classes}


def train(fabric, cfg):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(cfg.steps):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x[:, :1])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = ModelConfig()
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.wrap_policy, activation_checkpointing_policy=cfg.remat_policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
