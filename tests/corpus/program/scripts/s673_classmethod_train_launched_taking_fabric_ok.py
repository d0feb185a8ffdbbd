# expect: none
# oracle: OK
# twin: s672_classmethod_train_launched_without_fabric_parameter
"""python train.py: a Runner class configured by a classmethod; the launched entry is a classmethod bound to the class, which takes the fabric `launch` passes after `cls`."""
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


class Runner:
    dim = 32
    lr = 3e-4
    steps = 2

    @classmethod
    def train(cls, fabric):
        model = fabric.setup_module(Net(cls.dim))
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cls.lr))
        for _ in range(cls.steps):
            x = torch.randn(8, cls.dim, device=fabric.device)
            loss = model(x).pow(2).mean()
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()

    @classmethod
    def from_args(cls, args):
        cls.dim, cls.lr, cls.steps = args.dim, args.lr, args.steps
        return cls


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--dim", type=int, default=32)
    runner = Runner.from_args(parser.parse_args())
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(runner.train)
