# expect: LXF015
# oracle: RAISED ValueError: Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm!
"""ECG beat classifier (normal / PVC / APC) on a TPU host; `--clip-val` and `--max-norm` sit in one mutually exclusive group."""
import argparse
import functools
from typing import NamedTuple, Optional

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BEAT_LEN = 96


class ConvUnit(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=5, padding=2)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return torch.relu(x + self.norm(self.conv(x)))


class BeatNet(nn.Module):
    def __init__(self, channels=16, classes=3):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, kernel_size=7, padding=3)
        self.units = nn.Sequential(ConvUnit(channels), ConvUnit(channels))
        self.head = nn.Linear(channels, classes)

    def forward(self, x):
        return self.head(self.units(self.stem(x)).mean(-1))


def beats(n, seed):
    gen = torch.Generator().manual_seed(seed)
    kind = torch.randint(0, 3, (n,), generator=gen)
    t = torch.linspace(0, 1, BEAT_LEN)
    centre = torch.tensor([0.5, 0.35, 0.45])[kind][:, None]
    width = torch.tensor([0.03, 0.08, 0.04])[kind][:, None]
    wave = torch.exp(-((t - centre) ** 2) / width)
    return (wave + 0.05 * torch.randn(n, BEAT_LEN, generator=gen)).unsqueeze(1), kind


class Options(NamedTuple):
    lr: float
    steps: int
    clip_val: Optional[float]
    max_norm: Optional[float]


def parse(argv=None) -> Options:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=3)
    clipping = parser.add_mutually_exclusive_group()
    clipping.add_argument("--clip-val", type=float, default=0.5, help="clamp gradients elementwise")
    clipping.add_argument("--max-norm", type=float, default=1.0, help="rescale gradients to this total norm")
    return Options(**vars(parser.parse_args(argv)))


def clipped(fabric, model, optimizer, opts):
    return functools.partial(fabric.clip_gradients, model, optimizer, clip_val=opts.clip_val, max_norm=opts.max_norm)


def run(fabric, opts):
    model = fabric.setup_module(BeatNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=opts.lr))
    clip = clipped(fabric, model, optimizer, opts)
    for step in range(opts.steps):
        x, y = beats(48, seed=step)
        loss = F.cross_entropy(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        clip()
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    options = parse()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvUnit}))
    fabric.launch(run, options)
