"""An MLP forecaster of hourly electricity load: a window of past hours in, the next hours out."""
import math

import torch
from torch import nn


class ForecastBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class LoadForecaster(nn.Module):
    def __init__(self, window: int, horizon: int, hidden: int):
        super().__init__()
        self.encode = nn.Linear(window, hidden)
        self.blocks = nn.Sequential(ForecastBlock(hidden), ForecastBlock(hidden))
        self.decode = nn.Linear(hidden, horizon)

    def forward(self, past):
        return self.decode(self.blocks(self.encode(past)))


def load_windows(n: int, window: int, horizon: int, seed: int = 0):
    gen = torch.Generator().manual_seed(seed)
    start = torch.randint(0, 24, (n, 1), generator=gen).float()
    hours = start + torch.arange(window + horizon).float()
    series = 1.0 + 0.5 * torch.sin(hours * 2 * math.pi / 24) + 0.05 * torch.randn(n, window + horizon, generator=gen)
    return series[:, :window], series[:, window:]
