"""Predicts tomorrow's volumetric soil moisture at several depths from two weeks of weather and moisture."""
import torch
from torch import nn


class DepthEncoder(nn.Module):
    def __init__(self, days: int, hidden: int = 32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(days * 2, hidden), nn.ReLU(), nn.Linear(hidden, hidden))

    def forward(self, x):
        return self.net(x)


class MoistureNet(nn.Module):
    def __init__(self, depths: int, days: int, hidden: int = 32):
        super().__init__()
        self.encoder = DepthEncoder(days, hidden)
        self.head = nn.Linear(hidden, 1)

    def forward(self, series):  # (B, depths, days * 2)
        return self.head(self.encoder(series)).squeeze(-1)


def field_readings(batch: int, depths: int, days: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    rain = torch.rand(batch, depths, days, generator=gen)
    moisture = 0.2 + 0.5 * rain.cumsum(-1) / days
    series = torch.cat([rain, moisture], dim=-1)
    return series, moisture[..., -1] * 0.95 + 0.02
