# expect: none
# oracle: OK
# twin: s920_argparse_precision_normalized_after_fabric_is_built
"""GPU recipe ported to TPU: argparse defaults to bf16-mixed, and a TPU hook rewrites it to bf16-true before the Fabric is built."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.value = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.norm(x)
        return x + self.value(h) * torch.sigmoid(self.gate(h))


class GatedMLP(nn.Module):
    def __init__(self, dim=48, depth=3, classes=6):
        super().__init__()
        self.blocks = nn.Sequential(*[GatedBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--accelerator", default="tpu")
    parser.add_argument("--precision", default="bf16-mixed", help="the A100 recipe's setting")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=16)
    return parser.parse_args(argv)


def adapt_to_accelerator(args):
    """XLA has no autocast-style mixed precision: run the weights in the same dtype instead."""
    if args.accelerator == "tpu" and args.precision.endswith("-mixed"):
        args.precision = args.precision.replace("-mixed", "-true")
    return args


def build_fabric(args):
    strategy = XLAFSDPStrategy(auto_wrap_policy={GatedBlock})
    return Fabric(accelerator=args.accelerator, precision=args.precision, strategy=strategy)


def train(fabric, args):
    model = fabric.setup_module(GatedMLP())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    for step in range(args.steps):
        x = torch.randn(args.batch_size, 48, device=fabric.device)
        y = torch.randint(0, 6, (args.batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} ({args.precision}): {loss.item():.4f}")


if __name__ == "__main__":
    args = adapt_to_accelerator(parse_args())
    fabric = build_fabric(args)
    fabric.launch(train, args)
