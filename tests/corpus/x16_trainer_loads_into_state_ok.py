# expect: none
# real: OK
# findings: none
"""A trainer class restores the checkpoint into a state dict holding the set-up module."""
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


class Trainer:
    def __init__(self, fabric, ckpt="ckpt"):
        self.fabric = fabric
        self.ckpt = ckpt

    def fit(self):
        model = self.fabric.setup_module(Net())
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        self.fabric.save(self.ckpt, {"model": model, "optimizer": optimizer})
        self.restore(model)

    def restore(self, model):
        self.fabric.load(self.ckpt, {"model": model})


def train(fabric):
    Trainer(fabric).fit()


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
fabric.launch(train)
