# expect: none
# oracle: OK
# twin: s636_trainer_sets_up_in_init_and_setup
"""python train.py: a Trainer keeps the raw model from `__init__` and sets it up in `setup()`, run by `fit`."""
import argparse
import functools

import torch
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


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    return parser.parse_args()


class Trainer:
    def __init__(self, fabric, args):
        self.fabric, self.args = fabric, args
        self.model = Net(args.dim)
        self.optimizer = None

    def setup(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.args.lr))

    def fit(self):
        self.setup()
        for _ in range(self.args.steps):
            x = torch.randn(8, self.args.dim, device=self.fabric.device)
            loss = self.model(x).pow(2).mean()
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


def train(fabric, args):
    Trainer(fabric, args).fit()


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
