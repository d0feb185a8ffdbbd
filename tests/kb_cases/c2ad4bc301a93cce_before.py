# record: c2ad4bc301a93cce
# role: before
"""A lambda defined inside a function (the policy built in `main`), given to the strategy."""
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


def train(fabric):
    model = fabric.setup_module(Net())


def main():
    threshold = 8
    policy = lambda module, recurse, nonwrapped_numel: nonwrapped_numel >= threshold
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    fabric.launch(train)


if __name__ == "__main__":
    main()
