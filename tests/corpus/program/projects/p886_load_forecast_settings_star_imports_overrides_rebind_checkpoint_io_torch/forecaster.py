"""Electricity load forecaster: residual MLP blocks over a window of past hourly loads."""
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.net(x)


class LoadForecaster(nn.Module):
    def __init__(self, context, horizon, hidden, depth=3):
        super().__init__()
        self.inp = nn.Linear(context, hidden)
        self.blocks = nn.Sequential(*[ResidualBlock(hidden) for _ in range(depth)])
        self.out = nn.Linear(hidden, horizon)

    def forward(self, history):
        return self.out(self.blocks(self.inp(history)))
