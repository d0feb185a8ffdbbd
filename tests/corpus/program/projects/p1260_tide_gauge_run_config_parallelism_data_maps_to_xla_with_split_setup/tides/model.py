"""Harmonic features + residual MLP: predicts the next hours of sea level from the last ones."""
import math

import torch
from torch import nn

PERIODS_HOURS = {"M2": 12.42, "S2": 12.0, "N2": 12.66, "K1": 23.93, "O1": 25.82}


class HarmonicFeatures(nn.Module):
    def __init__(self, constituents):
        super().__init__()
        omega = torch.tensor([2 * math.pi / PERIODS_HOURS[c] for c in constituents])
        self.register_buffer("omega", omega)

    def forward(self, hours):
        phase = hours[..., None] * self.omega
        return torch.cat([phase.sin(), phase.cos()], -1).flatten(1)


class TideForecaster(nn.Module):
    def __init__(self, constituents, history, horizon, hidden=64):
        super().__init__()
        self.harmonics = HarmonicFeatures(constituents)
        n_in = history + 2 * len(constituents) * horizon
        self.mlp = nn.Sequential(nn.Linear(n_in, hidden), nn.GELU(), nn.Linear(hidden, hidden), nn.GELU())
        self.out = nn.Linear(hidden, horizon)

    def forward(self, levels, future_hours):
        x = torch.cat([levels, self.harmonics(future_hours)], -1)
        return self.out(self.mlp(x))
