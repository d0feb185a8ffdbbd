# record: 708eae8fed2f8618
# role: before
"""Example fix, before: `reduce_op="max"`."""
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
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    local_max_len = 7
    max_len = fabric.all_reduce(torch.tensor(local_max_len), reduce_op="max")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla")
    fabric.launch(train)
