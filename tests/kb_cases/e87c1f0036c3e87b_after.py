# record: e87c1f0036c3e87b
# role: after
"""The example fix: the same path given as `str`."""
from pathlib import Path

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
    out_dir = Path("checkpoints")
    fabric.save(str(out_dir / "step-1"), {"model": model})
    fabric.load(str(out_dir / "step-1"), {"model": model})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
