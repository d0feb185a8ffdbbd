# expect: none
# oracle: OK
# twin: s688_namespace_vars_spread_misspelt_flatten_parameter
"""python train.py: the FSDP settings are a SimpleNamespace filled attribute by attribute and spread into the strategy with `vars()`."""
import argparse
import types

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


def train(fabric, args):
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
    parser.add_argument("--no-flatten", action="store_true")
    args = parser.parse_args()
    fsdp = types.SimpleNamespace(auto_wrap_policy={Block})
    fsdp.flatten_parameters = not args.no_flatten
    fsdp.reshard_after_forward = True
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**vars(fsdp)))
    fabric.launch(train, args)
