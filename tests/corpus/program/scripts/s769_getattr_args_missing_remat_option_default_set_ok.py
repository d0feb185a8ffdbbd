# expect: none
# oracle: OK
# twin: s768_getattr_args_missing_remat_option_default_list
"""python train.py [--lr LR] [--steps N]: optional settings read with getattr, as older scripts shared by several
entry points do (the remat option belongs to the big-model entry point; this parser never adds it; the default is a set)."""
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


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args()


def build_strategy(args):
    remat_layers = getattr(args, "remat_layers", {Block})
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_layers)


def train(fabric, args):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for step in range(args.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


def main(args):
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(args))
    fabric.launch(train, args)


if __name__ == "__main__":
    main(parse_args())
