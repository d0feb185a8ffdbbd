"""NDVI + weather season encoder, pooled over weeks, regressing yield (t/ha)."""
import torch
from torch import nn


class WeekBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.norm = nn.GroupNorm(4, dim)

    def forward(self, x):
        return x + torch.relu(self.norm(self.conv(x)))


class YieldRegressor(nn.Module):
    def __init__(self, n_inputs, dim=32, depth=3):
        super().__init__()
        self.inp = nn.Conv1d(n_inputs, dim, 1)
        self.blocks = nn.Sequential(*[WeekBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(2 * dim, 1)

    def forward(self, season):
        h = self.blocks(self.inp(season.transpose(1, 2)))
        return self.head(torch.cat([h.mean(-1), h.amax(-1)], -1)).squeeze(-1)
