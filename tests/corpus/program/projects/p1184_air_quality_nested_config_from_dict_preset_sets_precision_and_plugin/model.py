"""Forecast PM2.5 at a few stations `horizon` hours ahead from the last 12 hours of readings."""
from torch import nn

STATIONS = 8
HISTORY = 12


class StationMixer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.mix(self.norm(x)).relu()


class AirQualityNet(nn.Module):
    def __init__(self, horizon, dim=64):
        super().__init__()
        self.inp = nn.Linear(STATIONS * HISTORY, dim)
        self.mixers = nn.Sequential(StationMixer(dim), StationMixer(dim))
        self.out = nn.Linear(dim, STATIONS * horizon)
        self.horizon = horizon

    def forward(self, x):
        return self.out(self.mixers(self.inp(x.flatten(1)))).view(-1, self.horizon, STATIONS)
