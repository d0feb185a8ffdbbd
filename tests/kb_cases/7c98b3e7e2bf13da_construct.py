# record: 7c98b3e7e2bf13da
# role: construct
"""The record says the constructor raises: build the strategy and Fabric with a list policy, set nothing up."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


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
    strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    print("constructed", type(fabric.strategy).__name__)
