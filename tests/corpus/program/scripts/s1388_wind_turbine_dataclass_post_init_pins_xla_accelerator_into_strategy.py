# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
"""Wind-turbine power-curve regressor (1-D conv over 10-minute SCADA windows); the run config is a dataclass with `__post_init__` and properties."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class TemporalBlock(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=dilation, dilation=dilation)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x):
        return x + F.gelu(self.norm(self.conv(x)))


class PowerCurveNet(nn.Module):
    def __init__(self, sensors=6, channels=32, depth=3):
        super().__init__()
        self.stem = nn.Conv1d(sensors, channels, 1)
        self.blocks = nn.Sequential(*(TemporalBlock(channels, 2**i) for i in range(depth)))
        self.head = nn.Linear(channels, 1)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)).mean(-1)).squeeze(-1)


LAYERS = {"TemporalBlock": TemporalBlock, "Conv1d": nn.Conv1d}


@dataclass
class RunConfig:
    accelerator: str = "TPU"
    devices: int | str = "auto"
    wrap_layers: tuple[str, ...] = ("TemporalBlock",)
    lr: float = 3e-3
    warmup: int = 1
    steps: int = 3
    window: int = 36
    _strategy_kwargs: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self.accelerator = self.accelerator.lower()
        if self.accelerator == "tpu":
            # make sure the sharded strategy never silently lands on the host CPU
            self._strategy_kwargs["accelerator"] = XLAAccelerator()

    @property
    def wrap_policy(self):
        return {LAYERS[name] for name in self.wrap_layers}

    @property
    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, **self._strategy_kwargs)

    def lr_at(self, step):
        if step < self.warmup:
            return self.lr * (step + 1) / self.warmup
        return 0.5 * self.lr * (1 + math.cos(math.pi * step / self.steps))


def scada_windows(n, window, device):
    wind = 3 + 12 * torch.rand(n, 1, device=device)
    t = torch.linspace(0, 1, window, device=device)
    speed = wind + 0.5 * torch.sin(6.28 * t) * torch.rand(n, 1, device=device)
    other = torch.randn(n, 5, window, device=device) * 0.1
    power = torch.clamp((wind.squeeze(1) - 3) / 9, 0, 1) ** 3
    return torch.cat([speed[:, None, :], other], dim=1), power


def train(fabric, cfg: RunConfig):
    model = fabric.setup_module(PowerCurveNet())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        for group in optimizer.param_groups:
            group["lr"] = cfg.lr_at(step)
        x, y = scada_windows(64, cfg.window, fabric.device)
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{step}: mse={loss.item():.4f} lr={cfg.lr_at(step):.2e}")


if __name__ == "__main__":
    cfg = RunConfig()
    print(cfg)
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, strategy=cfg.strategy)
    fabric.launch(train, cfg)
