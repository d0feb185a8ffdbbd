# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
"""python script.py: a Trainer is built from the config through two classmethod constructors."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


@dataclass
class Config:
    dim: int = 32
    depth: int = 2
    lr: float = 1e-3
    steps: int = 2


class Trainer:
    def __init__(self, fabric, model, optimizer):
        self.fabric = fabric
        self.model, self.optimizer = fabric.setup(model, optimizer)

    @classmethod
    def from_model(cls, fabric, model, lr):
        return cls(fabric, model, torch.optim.AdamW(model.parameters(), lr=lr))

    @classmethod
    def from_config(cls, fabric, cfg):
        return cls.from_model(fabric, Net(cfg.dim, cfg.depth), cfg.lr)

    def fit(self, steps):
        for _ in range(steps):
            x = torch.randn(8, 32, device=self.fabric.device)
            y = torch.randint(0, 4, (8,), device=self.fabric.device)
            self.fabric.backward(F.cross_entropy(self.model(x), y))
            self.optimizer.step()
            self.optimizer.zero_grad()


def main(fabric, cfg):
    Trainer.from_config(fabric, cfg).fit(cfg.steps)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main, Config())
