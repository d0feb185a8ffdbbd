"""Per-field yield regressor: a small temporal encoder over the season's band averages."""
from torch import nn


class SeasonEncoder(nn.Module):
    def __init__(self, bands: int, hidden: int):
        super().__init__()
        self.proj = nn.Linear(bands, hidden)
        self.mix = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.GELU())

    def forward(self, x):
        h = self.proj(x)
        return h + self.mix(h)


class YieldRegressor(nn.Module):
    def __init__(self, bands: int, hidden: int):
        super().__init__()
        self.encoder = SeasonEncoder(bands, hidden)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.encoder(x).mean(1)).squeeze(-1)
