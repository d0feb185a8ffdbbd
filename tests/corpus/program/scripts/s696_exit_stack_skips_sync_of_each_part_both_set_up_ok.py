# expect: none
# oracle: OK
# twin: s695_exit_stack_skips_sync_of_each_part_head_left_raw
"""python train.py: gradient accumulation over a two-part model: an ExitStack enters `fabric.no_backward_sync` for each part; both parts are set up."""
import argparse
import contextlib

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
    encoder = fabric.setup_module(Net(args.dim))
    head = fabric.setup_module(nn.Linear(4, 4))
    parts = [encoder, head]
    params = [p for part in parts for p in part.parameters()]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(params, lr=args.lr))
    for step in range(args.steps * args.accumulate):
        is_accumulating = (step + 1) % args.accumulate != 0
        with contextlib.ExitStack() as stack:
            for part in parts:
                stack.enter_context(fabric.no_backward_sync(part, enabled=is_accumulating))
            x = torch.randn(8, args.dim, device=fabric.device)
            loss = head(encoder(x)).pow(2).mean()
            fabric.backward(loss / args.accumulate)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--accumulate", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
