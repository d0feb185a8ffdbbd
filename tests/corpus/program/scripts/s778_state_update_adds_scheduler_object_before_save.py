# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>: attribute lookup FabricAdamW on lightning.fabric.wrappers 
"""python train.py: a checkpoint state filled with update() before the save."""
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

def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    fabric.backward(model(torch.randn(8, 16, device=fabric.device)).sum())
    optimizer.step()
    state = {"model": model, "optimizer": optimizer}
    state.update(step=1, scheduler=torch.optim.lr_scheduler.StepLR(optimizer, 1))
    fabric.save("checkpoints/last", state)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
