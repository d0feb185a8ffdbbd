# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""python script.py: a Run object describes itself before the processes start."""
from dataclasses import dataclass
from functools import cached_property

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
class Run:
    fabric: Fabric
    batch_size: int = 8
    steps: int = 2

    @cached_property
    def example_batch(self):
        return torch.randn(self.batch_size, 32, device=self.fabric.device)

    def describe(self):
        return f"batch {tuple(self.example_batch.shape)} x {self.steps} steps"

    def fit(self):
        model = self.fabric.setup_module(Net())
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        for _ in range(self.steps):
            y = torch.randint(0, 4, (self.batch_size,), device=self.fabric.device)
            self.fabric.backward(F.cross_entropy(model(self.example_batch), y))
            optimizer.step()
            optimizer.zero_grad()


def worker(fabric, steps):
    Run(fabric, steps=steps).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    print(Run(fabric).describe())
    fabric.launch(worker, 2)
