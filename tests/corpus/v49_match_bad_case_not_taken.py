# expect: none
# real: OK
# findings: none
"""Selects the checkpointing granularity from the MODEL_SIZE environment variable (default "base")."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class SubLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return F.gelu(self.fc(x))


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.a, self.b = SubLayer(dim), SubLayer(dim)

    def forward(self, x):
        return x + self.b(self.a(x))


def policy_for(size):
    match size:
        case "xl":
            return (Block, SubLayer)
        case "large":
            return {Block, SubLayer}
        case _:
            return {Block}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 32), Block(), Block(), nn.Linear(32, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 3, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    size = os.environ.get("MODEL_SIZE", "base")
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy_for(size))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
