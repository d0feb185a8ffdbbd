# expect: none
# oracle: OK
# twin: s678_step_fn_table_cli_default_clips_by_value
"""python train.py: a table of step functions, one per clipping mode; `--clip` picks one and defaults to clipping by norm; the by-value mode is kept for GPU runs but not offered on TPU."""
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


def step_clip_value(fabric, model, optimizer, loss):
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, clip_val=0.5)
    optimizer.step()
    optimizer.zero_grad()


def step_clip_norm(fabric, model, optimizer, loss):
    fabric.backward(loss)
    fabric.clip_gradients(model, optimizer, max_norm=1.0)
    optimizer.step()
    optimizer.zero_grad()


def step_plain(fabric, model, optimizer, loss):
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()


STEP_FNS = {"value": step_clip_value, "norm": step_clip_norm, "off": step_plain}


def train(fabric, args):
    model = fabric.setup_module(Net(args.dim))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    step_fn = STEP_FNS[args.clip]
    for _ in range(args.steps):
        x = torch.randn(8, args.dim, device=fabric.device)
        step_fn(fabric, model, optimizer, model(x).pow(2).mean())


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--dim", type=int, default=32)
    parser.add_argument("--clip", default="norm", choices=["norm", "off"])
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
