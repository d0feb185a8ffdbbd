# oracle: OK

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Net(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        return self.fc(x)


def synthetic_batches(fabric, batch_size=8, dim=32):
    while True:
        x = torch.randn(batch_size, dim, device=fabric.device)
        yield x, torch.randint(0, 4, (batch_size,), device=fabric.device)


def cpu_batches(batch_size=8, dim=32):
    while True:
        yield torch.randn(batch_size, dim), torch.randint(0, 4, (batch_size,))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    batches = synthetic_batches(fabric)
    for _ in range(steps):
        x, y = next(batches)
        F.cross_entropy(model(x), y)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    preview = synthetic_batches(fabric)
    print(f"batches from {preview.__name__}")
    fabric.launch(train)
