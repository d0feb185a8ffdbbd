# expect: none
# oracle: OK
# twin: s776_clip_key_picked_by_default_argument_by_value
"""python train.py: gradient clipping picked by a keyword of the training function (by norm, as XLAFSDP clips)."""
import argparse
import copy
import os
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))

def train(fabric, steps=2, grad_clip=1.0, clip_by="norm"):
    model = fabric.setup_module(nn.Sequential(Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        fabric.backward(model(torch.randn(8, 16, device=fabric.device)).sum())
        if grad_clip:
            fabric.clip_gradients(model, optimizer, **{"clip_val" if clip_by == "value" else "max_norm": grad_clip})
        optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
