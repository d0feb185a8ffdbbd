# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""python train.py: a list of `(fabric, model)` callbacks, one of which prints `fabric.device`; the main block runs them once before launching, with no model yet."""
import argparse

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


def log_device(fabric, model):
    fabric.print(f"running on {fabric.device}")


def count_parameters(fabric, model):
    if model is not None:
        fabric.print(f"{sum(p.numel() for p in model.parameters())} parameters")


CALLBACKS = [log_device, count_parameters]


def train(fabric, args, callbacks):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    for cb in CALLBACKS:
        cb(fabric, None)
    fabric.launch(train, args, CALLBACKS)
