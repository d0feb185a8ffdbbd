# expect: none
# oracle: OK
# twin: s68_clip_callback_kwargs_max_norm_and_clip_val
"""python script.py [--max-norm F] [--clip-val F]: a callback clips the gradients with what the arguments say."""
import argparse
from dataclasses import asdict, dataclass
from typing import Optional

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


@dataclass
class ClipConfig:
    max_norm: Optional[float] = 1.0
    clip_val: Optional[float] = None

    def as_kwargs(self):
        return {k: v for k, v in asdict(self).items() if v is not None}


class GradientClipping:
    def __init__(self, **clip_kwargs):
        self.clip_kwargs = clip_kwargs

    def on_before_optimizer_step(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, **self.clip_kwargs)


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-norm", type=float, default=ClipConfig.max_norm)
    parser.add_argument("--clip-val", type=float, default=ClipConfig.clip_val)
    parser.add_argument("--steps", type=int, default=2)
    return parser.parse_args()


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        fabric.call("on_before_optimizer_step", fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    clip = ClipConfig(max_norm=args.max_norm, clip_val=args.clip_val)
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        callbacks=[GradientClipping(**clip.as_kwargs())],
    )
    fabric.launch(train, args.steps)
