# expect: LXF008
# oracle: RAISED TypeError: The XLA FSDP strategy can only work with the `XLAPrecision` plugin, found <lightning.fabric.plugins.precision.half.HalfP
"""Speech-command classification on synthetic MFCC frames; precision is chosen by name from `PRECISION_HOOKS`, each hook editing the keyword arguments Fabric is built with."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

MFCC, FRAMES, COMMANDS = 13, 40, 8


class CommandGRU(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.proj = nn.Linear(MFCC, hidden)
        self.mix = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.out = nn.Linear(hidden, COMMANDS)

    def forward(self, frames):
        h = self.mix(torch.tanh(self.proj(frames)))
        return self.out(h.mean(dim=1))


def use_fp32(fabric_kw):
    fabric_kw["precision"] = "32-true"


def use_bf16(fabric_kw):
    fabric_kw.setdefault("plugins", []).append(HalfPrecision("bf16-true"))


PRECISION_HOOKS = {"fp32": use_fp32, "bf16": use_bf16}


def train(fabric, steps=3):
    model = fabric.setup_module(CommandGRU())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        frames = torch.randn(8, FRAMES, MFCC, device=fabric.device)
        labels = torch.randint(0, COMMANDS, (8,), device=fabric.device)
        loss = F.cross_entropy(model(frames), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision", choices=sorted(PRECISION_HOOKS), default="bf16")
    args = parser.parse_args()
    fabric_kw = {"accelerator": "tpu", "strategy": XLAFSDPStrategy()}
    PRECISION_HOOKS[args.precision](fabric_kw)
    Fabric(**fabric_kw).launch(train)
