# expect: none
# oracle: OK
# twin: s1146_crop_yield_to_namespace_trainer_vars_spread_devices_one
"""Crop yield regression from a season of satellite band readings; nested settings become namespaces via `to_namespace`."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SETTINGS = {
    "trainer": {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"},
    "data": {"bands": 6, "weeks": 20, "batch": 16},
    "model": {"hidden": 64, "depth": 3},
    "optim": {"lr": 2e-3, "steps": 3},
}


def to_namespace(value):
    if isinstance(value, dict):
        return SimpleNamespace(**{k: to_namespace(v) for k, v in value.items()})
    return value


class MixerBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.fc = nn.Linear(hidden, hidden)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class YieldModel(nn.Module):
    def __init__(self, bands, weeks, hidden, depth):
        super().__init__()
        self.inp = nn.Linear(bands * weeks, hidden)
        self.blocks = nn.Sequential(*(MixerBlock(hidden) for _ in range(depth)))
        self.out = nn.Linear(hidden, 1)

    def forward(self, series):
        return self.out(self.blocks(self.inp(series.flatten(1)))).squeeze(-1)


def field_seasons(batch, bands, weeks, step):
    gen = torch.Generator().manual_seed(100 + step)
    ndvi = torch.rand(batch, weeks, bands, generator=gen)
    return ndvi, ndvi[..., 3].mean(dim=1) * 8.0  # tonnes per hectare, driven by one band


def build_fabric(trainer):
    return Fabric(**vars(trainer), strategy=XLAFSDPStrategy(auto_wrap_policy={MixerBlock}))


def train(fabric, cfg):
    d = cfg.data
    model = fabric.setup_module(YieldModel(d.bands, d.weeks, cfg.model.hidden, cfg.model.depth))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.optim.lr))
    for step in range(cfg.optim.steps):
        series, target = field_seasons(d.batch, d.bands, d.weeks, step)
        loss = F.mse_loss(model(series.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")


def main(cfg):
    fabric = build_fabric(cfg.trainer)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main(to_namespace(SETTINGS))
