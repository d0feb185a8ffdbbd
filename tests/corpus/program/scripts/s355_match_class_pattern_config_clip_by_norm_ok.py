# expect: none
# oracle: OK
# twin: s354_match_class_pattern_config_clip_by_value
"""Gradient clipping configured by a small tagged union of dataclasses, dispatched with `match`."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@dataclass(frozen=True)
class NoClip:
    pass


@dataclass(frozen=True)
class ClipNorm:
    max_norm: float
    norm_type: float = 2.0


@dataclass(frozen=True)
class ClipValue:
    value: float


@dataclass
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.1
    clip: NoClip | ClipNorm | ClipValue = ClipNorm(1.0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(32, 64), nn.SiLU(), nn.Linear(64, 64), nn.SiLU(), nn.Linear(64, 4))

    def forward(self, x):
        return self.layers(x)


def clip(fabric: Fabric, model, optimizer, cfg: OptimConfig) -> None:
    match cfg.clip:
        case ClipNorm(max_norm=max_norm, norm_type=norm_type):
            fabric.clip_gradients(model, optimizer, max_norm=max_norm, norm_type=norm_type)
        case ClipValue(value=value):
            fabric.clip_gradients(model, optimizer, clip_val=value)
        case NoClip():
            pass


def train(fabric: Fabric, cfg: OptimConfig) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        clip(fabric, model, optimizer, cfg)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="bf16-true")
    fabric.launch(train, OptimConfig())
