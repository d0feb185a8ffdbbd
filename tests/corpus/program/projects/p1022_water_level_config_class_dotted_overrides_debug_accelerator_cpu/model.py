"""Predicts the next hours of river level at a gauge from the last day of upstream stations."""
import torch
from torch import nn


class StationEncoder(nn.Module):
    def __init__(self, stations: int, hidden: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(stations * 24, hidden), nn.Tanh(), nn.Linear(hidden, hidden))

    def forward(self, x):
        return self.net(x.flatten(1))


class LevelRegressor(nn.Module):
    def __init__(self, stations: int, hidden: int, horizon: int):
        super().__init__()
        self.encoder = StationEncoder(stations, hidden)
        self.head = nn.Linear(hidden, horizon)

    def forward(self, upstream):
        return self.head(self.encoder(upstream))


def gauge_batch(batch: int, stations: int, horizon: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    rain = torch.rand(batch, stations, 24 + horizon, generator=gen).cumsum(-1) * 0.1
    return rain[..., :24], rain[..., 24:].mean(1)
