"""Estimates local magnitude from a three-component waveform window."""
from torch import nn


class WaveBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class MagnitudeNet(nn.Module):
    def __init__(self, channels: int, samples: int, hidden: int):
        super().__init__()
        self.embed = nn.Linear(channels * samples, hidden)
        self.blocks = nn.Sequential(WaveBlock(hidden), WaveBlock(hidden))
        self.head = nn.Linear(hidden, 1)

    def forward(self, wave):
        return self.head(self.blocks(self.embed(wave.flatten(1)))).squeeze(-1)
