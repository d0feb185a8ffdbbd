# record: 2e0c57a9572bce42
# role: before
"""Example fix, before: `HalfPrecision` on the strategy."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.fabric.plugins import HalfPrecision


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.lin(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


def one_step(fabric, model, optimizer):
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(precision=HalfPrecision("bf16-true"))
