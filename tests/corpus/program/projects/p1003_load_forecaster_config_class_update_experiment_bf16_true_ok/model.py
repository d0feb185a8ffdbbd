"""An MLP forecaster over a sliding window of hourly electricity load."""
import math

import torch
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, hidden))

    def forward(self, x):
        return x + self.net(x)


class Forecaster(nn.Module):
    def __init__(self, window, horizon, hidden, blocks):
        super().__init__()
        self.inp = nn.Linear(window, hidden)
        self.blocks = nn.Sequential(*(ResidualBlock(hidden) for _ in range(blocks)))
        self.out = nn.Linear(hidden, horizon)

    def forward(self, history):
        return self.out(self.blocks(self.inp(history)))


def load_curves(batch, window, horizon, step):
    """Synthetic daily-periodic load with noise: (history, future)."""
    start = torch.arange(batch).float()[:, None] * 7 + step
    t = start + torch.arange(window + horizon).float()[None, :]
    series = 1.0 + 0.5 * torch.sin(2 * math.pi * t / 24) + 0.05 * torch.randn_like(t)
    return series[:, :window], series[:, window:]
