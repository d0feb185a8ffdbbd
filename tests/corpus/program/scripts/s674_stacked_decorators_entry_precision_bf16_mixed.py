# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: two decorator factories stacked on `main`: the outer gives the timed function a `.launch` that builds the Fabric from the decorator's arguments."""
import argparse
import functools
import time

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


def timed(label):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            out = fn(*args, **kwargs)
            print(f"{label}: {time.perf_counter() - start:.2f}s")
            return out

        return wrapper

    return decorate


def fabric_entry(precision, policy):
    """Gives the decorated `main(fabric, args)` a `.launch(args)` that builds the Fabric and launches it."""

    def decorate(fn):
        def launch(args):
            fabric = Fabric(accelerator="tpu", precision=precision, strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
            return fabric.launch(fn, args)

        fn.launch = launch
        return fn

    return decorate


@fabric_entry(precision="bf16-mixed", policy={Block})
@timed("train")
def main(fabric, args):
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
    main.launch(parser.parse_args())
