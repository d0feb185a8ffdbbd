# expect: none
# oracle: OK
# twin: s632_batches_made_in_launch_arguments
"""python train.py: a fixed set of batches is made on the Fabric's device by a helper the launched function calls."""
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


def make_batches(fabric, args, n=4):
    """A fixed set of batches on the Fabric's device, reused every step."""
    return [fabric.to_device(torch.randn(8, args.dim)) for _ in range(n)]


def train(fabric, args, batches):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        loss = model(batches[step % len(batches)]).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def run(fabric, args):
    train(fabric, args, make_batches(fabric, args))


if __name__ == "__main__":
    args = parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run, args)
