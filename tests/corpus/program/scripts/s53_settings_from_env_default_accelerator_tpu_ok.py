# expect: none
# oracle: OK
# twin: s52_settings_from_env_default_accelerator_cpu
"""ACCELERATOR=... STEPS=... python script.py"""
import os
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
class Settings:
    accelerator: str
    steps: int

    @classmethod
    def from_env(cls):
        return cls(accelerator=os.environ.get("ACCELERATOR", "tpu"), steps=int(os.environ.get("STEPS", "2")))


def train(fabric, settings):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(settings.steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    settings = Settings.from_env()
    fabric = Fabric(accelerator=settings.accelerator, strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, settings)
