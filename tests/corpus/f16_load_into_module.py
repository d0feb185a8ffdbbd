# expect: LXF022
# findings: LXF022 error 29
"""Warm-starts from a checkpoint by passing the module itself to `fabric.load`, which works with
other strategies; XLAFSDPStrategy raises NotImplementedError ("Loading a single module or optimizer
object from a checkpoint is not supported yet with the XLAFSDP strategy")."""
import argparse

import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Recommender(nn.Module):
    def __init__(self, users=1_000_000, items=200_000, dim=128):
        super().__init__()
        self.users = nn.Embedding(users, dim)
        self.items = nn.Embedding(items, dim)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, 256), nn.ReLU(), nn.Linear(256, 1))

    def forward(self, u, i):
        return self.mlp(torch.cat([self.users(u), self.items(i)], -1)).squeeze(-1)


def train(fabric, args):
    model = fabric.setup_module(Recommender())
    optimizer = fabric.setup_optimizers(torch.optim.Adagrad(model.parameters(), lr=args.lr))
    if args.warm_start:
        fabric.load(args.warm_start, model)
    for step in range(args.steps):
        u = torch.randint(0, 1_000_000, (4096,), device=fabric.device)
        i = torch.randint(0, 200_000, (4096,), device=fabric.device)
        clicked = torch.rand(4096, device=fabric.device).round()
        loss = nn.functional.binary_cross_entropy_with_logits(model(u, i), clicked)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save(args.out, {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--warm-start", default=None)
    parser.add_argument("--out", default="recsys")
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--lr", type=float, default=0.05)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="bf16-true")
    fabric.launch(train, args)
