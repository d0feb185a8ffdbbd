# expect: none
# oracle: OK
# twin: s568_step_table_by_clip_mode_default_value
"""python train.py: the step function is picked from a `STEPS` table by `--clip`; the table has a clip-by-value step, but `choices` leave it out and the default is `"norm"`."""
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


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


def step_plain(fabric, model, optimizer):
    optimizer.step()


def step_clip_norm(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, max_norm=1.0)
    optimizer.step()


def step_clip_value(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, clip_val=0.5)
    optimizer.step()


STEPS = {"plain": step_plain, "norm": step_clip_norm, "value": step_clip_value}


def train(fabric, mode, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    step = STEPS[mode]
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        step(fabric, model, optimizer)
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--clip", choices=["plain", "norm"], default="norm")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args.clip)
