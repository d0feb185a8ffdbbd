# expect: none
# real: OK
# findings: none
"""A base dataclass lists the remat layers; the subclass used for the run overrides it with a set."""
from dataclasses import dataclass, field

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


@dataclass
class BaseConfig:
    lr: float = 1e-3
    remat_layers: list = field(default_factory=lambda: [Block])


@dataclass
class TPUConfig(BaseConfig):
    remat_layers: set = field(default_factory=lambda: {Block})


def train(fabric, cfg):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    cfg = TPUConfig()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=cfg.remat_layers)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
