# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
"""python script.py [--accumulate N]: a Learner object owns the model; accumulation skips the gradient sync."""
import argparse
import functools

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


class Learner:
    def __init__(self, fabric, net, lr=1e-3, accumulate=2):
        self.fabric = fabric
        self.net = net
        self.wrapped = fabric.setup_module(net)
        self.optimizer = fabric.setup_optimizers(torch.optim.SGD(self.wrapped.parameters(), lr=lr))
        self.accumulate = accumulate

    @property
    def sync_module(self):
        return self.net

    def step(self, i, x, y):
        is_accumulating = (i + 1) % self.accumulate != 0
        with self.fabric.no_backward_sync(self.sync_module, enabled=is_accumulating):
            self.fabric.backward(F.cross_entropy(self.wrapped(x), y))
        if not is_accumulating:
            self.optimizer.step()
            self.optimizer.zero_grad()


def train(fabric, make_learner, steps):
    learner = make_learner(fabric, Net())
    for i in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        learner.step(i, x, torch.randint(0, 4, (8,), device=fabric.device))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--accumulate", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()
    make_learner = functools.partial(Learner, lr=args.lr, accumulate=args.accumulate)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, make_learner, 2 * args.accumulate)
