# expect: LXF015
# oracle: RAISED ValueError: You have to specify either `clip_val` or `max_norm` to do gradient clipping!
"""Keyword spotting on synthetic log-mel frames (1-D conv net); gradient clipping follows the config's `Clip` mode."""
import enum
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

KEYWORDS = ("yes", "no", "up", "down", "stop")


class Clip(enum.Enum):
    OFF = "off"
    NORM = "norm"
    VALUE = "value"


@dataclass(frozen=True)
class SpotterConfig:
    n_mels: int = 40
    frames: int = 49
    channels: int = 32
    lr: float = 1e-3
    steps: int = 3
    clip: Clip = Clip.OFF
    clip_limit: float = 1.0


class ConvStage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
        self.bn = nn.BatchNorm1d(cout)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class KeywordSpotter(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stages = nn.Sequential(ConvStage(cfg.n_mels, cfg.channels), ConvStage(cfg.channels, cfg.channels))
        self.head = nn.Linear(cfg.channels, len(KEYWORDS))

    def forward(self, mels):
        return self.head(self.stages(mels).mean(dim=-1))


def clip_gradients(fabric, model, optimizer, mode, limit):
    """Clip by the configured rule; XLA FSDP only clips by norm, so VALUE is applied as a norm limit too."""
    kwargs = {"max_norm": limit} if mode in (Clip.NORM, Clip.VALUE) else {}
    return fabric.clip_gradients(model, optimizer, **kwargs)


def utterances(cfg, batch, device):
    labels = torch.randint(0, len(KEYWORDS), (batch,))
    mels = torch.randn(batch, cfg.n_mels, cfg.frames)
    mels[torch.arange(batch), labels * 8] += 3.0
    return mels.to(device), labels.to(device)


def train(fabric, cfg):
    model = fabric.setup_module(KeywordSpotter(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        mels, labels = utterances(cfg, 16, fabric.device)
        loss = F.cross_entropy(model(mels), labels)
        fabric.backward(loss)
        clip_gradients(fabric, model, optimizer, cfg.clip, cfg.clip_limit)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    config = SpotterConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvStage}))
    fabric.launch(train, config)
