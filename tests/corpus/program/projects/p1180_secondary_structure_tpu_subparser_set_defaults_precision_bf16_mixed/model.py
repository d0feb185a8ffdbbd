"""Windowed residue tagger: one-hot amino acids around a residue -> helix / strand / coil."""
import torch
from torch import nn

AMINO = "ACDEFGHIKLMNPQRSTVWY"
STATES = ("helix", "strand", "coil")


class EncoderLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ResidueTagger(nn.Module):
    def __init__(self, window: int, dim: int = 48):
        super().__init__()
        self.embed = nn.Linear((2 * window + 1) * len(AMINO), dim)
        self.layers = nn.Sequential(EncoderLayer(dim), EncoderLayer(dim))
        self.head = nn.Linear(dim, len(STATES))

    def forward(self, onehot: torch.Tensor) -> torch.Tensor:
        return self.head(self.layers(self.embed(onehot.flatten(1))))
