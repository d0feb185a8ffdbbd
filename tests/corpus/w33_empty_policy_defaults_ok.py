# expect: none
# real: OK
# findings: none
"""Remat is off by default: the policy is an empty list unless a flag turns it on."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", action="store_true")
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args([])


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse()
    remat_layers = []
    if args.remat:
        remat_layers = {Block}
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_layers)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, args.steps)
