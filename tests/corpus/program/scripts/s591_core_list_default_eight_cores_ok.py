# expect: none
# oracle: OK
# twin: s590_core_list_default_one_core_single_device
"""python train.py: `devices=len(cores)` where `cores` is the `--cores` default `"0,1,2,3,4,5,6,7"` split on commas: eight devices."""
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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--cores", default="0,1,2,3,4,5,6,7", help="comma-separated TPU core ids")
    args = parser.parse_args(argv)
    cores = [int(c) for c in args.cores.split(",")]
    fabric = Fabric(accelerator="tpu", devices=len(cores), strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)


if __name__ == "__main__":
    main()
