# record: 9057366810ffc869
# role: after
"""Example fix, after: `XLAStrategy(precision=XLAPrecision("bf16-true"))`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAStrategy


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


def train(fabric):
    model = Net()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    strategy = XLAStrategy(precision=XLAPrecision("bf16-true"))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
