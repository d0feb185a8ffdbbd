"""Station-level temperature nowcasting: an MLP over the last `history` hourly readings of every station."""
import math

import torch
from torch import nn


class StationMixer(nn.Module):
    def __init__(self, stations, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)
        self.mix = nn.Linear(stations, stations)
        self.ff = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU())

    def forward(self, x):  # x: (batch, stations, hidden)
        x = x + self.mix(self.norm(x).transpose(1, 2)).transpose(1, 2)
        return x + self.ff(x)


class Nowcaster(nn.Module):
    def __init__(self, stations, history, hidden):
        super().__init__()
        self.embed = nn.Linear(history, hidden)
        self.blocks = nn.Sequential(StationMixer(stations, hidden), StationMixer(stations, hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, readings):
        return self.out(self.blocks(self.embed(readings))).squeeze(-1)


def synthetic_readings(batch, stations, history, device):
    hours = torch.arange(history + 1, device=device, dtype=torch.float32)
    offset = torch.rand(batch, stations, 1, device=device) * 24
    temps = 12 + 8 * torch.sin((hours + offset) * 2 * math.pi / 24) + torch.randn(batch, stations, history + 1, device=device)
    return temps[..., :history], temps[..., history]
