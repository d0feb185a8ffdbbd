# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class 'torch.nn.modules.linear.Linear'>, <class 'torc
"""python train.py: the layers to recompute are named on the command line and looked up in `torch.nn`."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def layer_classes(names):
    return frozenset(getattr(nn, name) for name in names.split(",") if name)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default="Linear,LayerNorm")
    args = parser.parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=layer_classes(args.remat))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
