# expect: LXF016
# real: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
# findings: LXF016 error 38
"""A runner helper calls fabric.launch() with no function when none is given, and none is."""
import argparse
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=16, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def run(fabric, fn=None):
    if fn is None:
        return fabric.launch()
    return fabric.launch(fn)


def train(fabric):
    model = fabric.setup_module(Net())


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
run(fabric)
model = fabric.setup_module(Net())
