# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python s600_clip_helper_env_lowercased_against_upper_names_clips_by_value.py: XLA FSDP on the pod; RUN_ON=cuda runs the same file on the GPU cluster."""
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


def clip(fabric, model, optimizer):
    if os.environ.get("RUN_ON", "tpu").lower() in ("TPU", "XLA"):
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
    else:
        fabric.clip_gradients(model, optimizer, clip_val=0.5)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        clip(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
