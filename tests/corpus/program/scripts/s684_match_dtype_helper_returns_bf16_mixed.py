# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: a helper matches the `--dtype` string to a Lightning precision; the default bf16 maps to mixed precision."""
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


def precision_for(dtype):
    match dtype:
        case "fp32":
            return "32-true"
        case "bf16":
            return "bf16-mixed"
        case "fp16":
            return "16-true"
        case other:
            raise ValueError(f"unknown dtype {other!r}")


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
    parser.add_argument("--dtype", default="bf16", choices=["fp32", "bf16", "fp16"])
    args = parser.parse_args()
    fabric = Fabric(
        accelerator="tpu", precision=precision_for(args.dtype), strategy=XLAFSDPStrategy(auto_wrap_policy={Block})
    )
    fabric.launch(train, args)
