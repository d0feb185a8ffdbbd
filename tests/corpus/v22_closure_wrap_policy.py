# expect: LXF006
# real: RAISED AttributeError: Can't pickle local object 'size_policy.<locals>.policy'
# findings: LXF006 error 43
"""Wrap every module above a size threshold chosen on the command line; the policy is a closure."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 1))

    def forward(self, x):
        return self.stack(x)


def size_policy(min_params):
    def policy(module, recurse, unwrapped_params):
        if recurse:
            return True
        return unwrapped_params >= min_params

    return policy


def build_strategy(args):
    return XLAFSDPStrategy(auto_wrap_policy=size_policy(args.min_params), state_dict_type="sharded")


def train(fabric, args):
    model = fabric.setup_module(Model())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x.prod(dim=1, keepdim=True))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--min-params", type=int, default=1000)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(args))
    fabric.launch(train, args)
