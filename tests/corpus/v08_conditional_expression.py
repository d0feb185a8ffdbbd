# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.ConvBlock'>,). You can try defining and passing
# findings: LXF001 warning 58
"""Whisper-like audio encoder on TPU. `--low-mem` turns on activation checkpointing of the conv stack."""
import argparse

import torch
from torch import nn
from torch.nn import functional as F

from lightning.fabric import Fabric
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, padding=1)
        self.norm = nn.GroupNorm(1, channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class AudioEncoder(nn.Module):
    def __init__(self, mels=16, channels=32, depth=2, classes=5):
        super().__init__()
        self.stem = nn.Conv1d(mels, channels, kernel_size=3, padding=1)
        self.body = nn.Sequential(*[ConvBlock(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, classes)

    def forward(self, mel):
        return self.head(self.body(self.stem(mel)).mean(-1))


def train(fabric, args):
    model = fabric.setup_module(AudioEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        mel = torch.randn(4, 16, 50, device=fabric.device)
        target = torch.randint(0, 5, (4,), device=fabric.device)
        loss = F.cross_entropy(model(mel), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="audio encoder pretraining")
    parser.add_argument("--low-mem", action="store_true")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args()

    checkpointed = {ConvBlock} if args.low_mem else (ConvBlock,)
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}, activation_checkpointing_policy=checkpointed),
    )
    fabric.launch(train, args)
