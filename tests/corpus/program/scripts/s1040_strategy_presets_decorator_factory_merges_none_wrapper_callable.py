# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
"""Tiny speech-command classifier; strategy presets are registered by a decorator factory that merges its own defaults into what each preset returns."""
import functools
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

STRATEGY_PRESETS = {}


def strategy_preset(name, **defaults):
    """Registers a function returning XLAFSDPStrategy kwargs; `defaults` fill in what the preset leaves out."""

    def register(fn):
        @functools.wraps(fn)
        def build(**overrides):
            kwargs = dict(defaults)
            kwargs.update(fn())
            kwargs.update(overrides)
            return kwargs

        STRATEGY_PRESETS[name] = build
        return fn

    return register


class ConvBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 5, padding=2)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class KeywordSpotter(nn.Module):
    def __init__(self, mels=20, channels=32, labels=12, depth=3):
        super().__init__()
        self.stem = nn.Conv1d(mels, channels, 3, padding=1)
        self.blocks = nn.Sequential(*[ConvBlock(channels) for _ in range(depth)])
        self.head = nn.Linear(channels, labels)

    def forward(self, spectrogram):
        features = self.blocks(self.stem(spectrogram))
        return self.head(features.mean(dim=-1))


# every preset shares the same wrapping knobs unless it says otherwise
@strategy_preset("plain", auto_wrap_policy={ConvBlock}, auto_wrapper_callable=None)
def plain():
    return {}


@strategy_preset("remat", auto_wrap_policy={ConvBlock}, auto_wrapper_callable=None)
def remat():
    return {"activation_checkpointing_policy": {ConvBlock}}


def train(fabric, steps=3):
    model = fabric.setup_module(KeywordSpotter())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        spectrogram = torch.randn(8, 20, 50, device=fabric.device)
        labels = torch.randint(0, 12, (8,), device=fabric.device)
        loss = F.cross_entropy(model(spectrogram), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    preset = os.environ.get("KWS_STRATEGY", "remat")
    strategy = XLAFSDPStrategy(**STRATEGY_PRESETS[preset]())
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
