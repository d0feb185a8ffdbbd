# expect: none
# oracle: OK
# twin: s582_getattr_method_by_name_clips_by_value
"""python train.py: `Trainer` picks its clipping method with `getattr(self, f"_clip_by_{clip}")`; the `clip` parameter defaults to `"norm"` and the command line sets only `--clip-at`."""
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


class Trainer:
    def __init__(self, fabric, clip="norm", clip_at=1.0):
        self.fabric = fabric
        self.clip_at = clip_at
        self.clip = getattr(self, f"_clip_by_{clip}")

    def _clip_by_norm(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, max_norm=self.clip_at)

    def _clip_by_value(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=self.clip_at)

    def fit(self, steps=2):
        model = self.fabric.setup_module(Net())
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        for _ in range(steps):
            x, y = batch(self.fabric)
            self.fabric.backward(F.cross_entropy(model(x), y))
            self.clip(model, optimizer)
            optimizer.step()
            optimizer.zero_grad()


def train(fabric, args):
    Trainer(fabric, **vars(args)).fit()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--clip-at", type=float, default=0.5)
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, args)
