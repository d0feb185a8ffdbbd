# expect: none
# oracle: OK
# twin: s1328_speech_commands_settings_load_overrides_plugin_names_add_precision
"""Keyword-spotting CNN over log-mel frames; `load_settings(**overrides)` decides which plugins Fabric gets, the strategy builder always pins the precision."""
import dataclasses
from typing import Tuple

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLACheckpointIO, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WORDS = ("yes", "no", "up", "down", "left", "right", "stop", "go")


class MelBlock(nn.Module):
    """Mixes along time, per mel band."""

    def __init__(self, frames, bands):
        super().__init__()
        self.norm = nn.LayerNorm(bands)
        self.time = nn.Linear(frames, frames)

    def forward(self, x):
        return x + torch.relu(self.time(self.norm(x).transpose(1, 2))).transpose(1, 2)


class KeywordNet(nn.Module):
    def __init__(self, frames=16, bands=20):
        super().__init__()
        self.blocks = nn.Sequential(MelBlock(frames, bands), MelBlock(frames, bands))
        self.head = nn.Linear(frames * bands, len(WORDS))

    def forward(self, mel):
        return self.head(self.blocks(mel).flatten(1))


def clips(n, seed):
    gen = torch.Generator().manual_seed(seed)
    word = torch.randint(0, len(WORDS), (n,), generator=gen)
    mel = torch.randn(n, 16, 20, generator=gen) * 0.3  # (frames, mel bands)
    mel[torch.arange(n), :, word * 2] += 1.0
    return mel, word


@dataclasses.dataclass(frozen=True)
class Settings:
    precision: str = "bf16-true"
    plugins: Tuple[str, ...] = ("checkpoint_io",)
    lr: float = 1e-3
    steps: int = 3


PROFILES = {
    "laptop": {"steps": 1},
    "tpu-v3": {"plugins": ("checkpoint_io",)},
}


def load_settings(profile="tpu-v3", **overrides) -> Settings:
    return dataclasses.replace(Settings(), **{**PROFILES.get(profile, {}), **overrides})


PLUGIN_BUILDERS = {
    "checkpoint_io": lambda s: XLACheckpointIO(),
    "precision": lambda s: XLAPrecision(s.precision),
}


def make_plugins(settings):
    return [PLUGIN_BUILDERS[name](settings) for name in settings.plugins]


def make_strategy(settings):
    return XLAFSDPStrategy(auto_wrap_policy={MelBlock}, precision=XLAPrecision(settings.precision))


def train(fabric, settings):
    model = fabric.setup_module(KeywordNet())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=settings.lr))
    for step in range(settings.steps):
        mel, word = clips(32, seed=step)
        loss = F.cross_entropy(model(mel.to(fabric.device)), word.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    settings = load_settings()
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(settings), plugins=make_plugins(settings))
    fabric.launch(train, settings)
