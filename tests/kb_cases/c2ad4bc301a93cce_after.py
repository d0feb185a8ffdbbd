# record: c2ad4bc301a93cce
# role: after
"""The policy defined at module level, its threshold bound with `functools.partial`, given to the strategy."""
from functools import partial

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


def policy(module, recurse, unwrapped_params, threshold):
    return unwrapped_params >= threshold


def main():
    wrap = partial(policy, threshold=8)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=wrap))
    fabric.launch(train)


if __name__ == "__main__":
    main()
