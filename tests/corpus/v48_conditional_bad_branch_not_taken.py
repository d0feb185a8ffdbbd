# expect: none
# real: OK
# findings: LXF001 warning 44
"""Keeps an old code path for a legacy cluster (`--legacy-policy`), off by default."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.ff(x)


def train(fabric, args):
    model = fabric.setup_module(nn.Sequential(nn.Linear(5, 32), Block(), Block(), nn.Linear(32, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 5, device=fabric.device)
        loss = F.cross_entropy(model(x), (x[:, 0] > 0).long())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--legacy-policy", action="store_true")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()
    policy = [Block] if args.legacy_policy else {Block}
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy),
    )
    fabric.launch(train, args)
