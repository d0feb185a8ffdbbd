# record: 4f1f1d21d2a37de1
# role: before
"""Example fix, before: a model that wraps its blocks itself, and `auto_wrap_policy`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel


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


class PreWrapped(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(XlaFullyShardedDataParallel(Block()) for _ in range(2))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def train(fabric):
    model = fabric.setup_module(PreWrapped())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
