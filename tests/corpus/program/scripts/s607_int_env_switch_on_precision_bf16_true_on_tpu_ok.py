# expect: none
# oracle: OK
# twin: s606_int_env_switch_on_precision_swapped_bf16_mixed
"""python s607_int_env_switch_on_precision_bf16_true_on_tpu_ok.py: the pod's run; ON_TPU=0 runs the same file on a GPU box with DDP."""
import argparse
import json
import os
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))

ON_TPU = bool(int(os.environ.get("ON_TPU", "1")))


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu" if ON_TPU else "cuda",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}) if ON_TPU else "ddp",
        precision="bf16-true" if ON_TPU else "bf16-mixed",
    )
    fabric.launch(train)
