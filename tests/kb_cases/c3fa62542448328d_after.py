# record: c3fa62542448328d
# role: after
"""Example fix, after: the optimizer on the raw model, both set up together."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric


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
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla")
    fabric.launch(train)
