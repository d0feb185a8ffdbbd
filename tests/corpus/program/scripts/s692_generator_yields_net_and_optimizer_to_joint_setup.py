# expect: LXF012
# oracle: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
"""python train.py: a generator yields the net, then an optimizer over it; the launched function hands both to `fabric.setup` by unpacking the generator."""
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


def build(fabric, args):
    """Yields the model, then its optimizer."""
    net = Net(args.dim)
    yield net
    yield torch.optim.AdamW(net.parameters(), lr=args.lr)


def train(fabric, args):
    model, optimizer = fabric.setup(*build(fabric, args))
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
    fabric.launch(train, args)
