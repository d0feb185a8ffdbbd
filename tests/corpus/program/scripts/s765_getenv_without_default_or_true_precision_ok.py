# expect: none
# oracle: OK
# twin: s764_getenv_without_default_or_mixed_precision
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
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 16, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    precision = os.environ.get("TRAIN_PRECISION") or "bf16-true"
    Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
