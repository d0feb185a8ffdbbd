"""Residual MLP for tabular regression."""
from torch import nn


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim, dropout):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Dropout(dropout), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.net(x)


class PriceRegressor(nn.Module):
    def __init__(self, in_features, hidden, blocks, dropout):
        super().__init__()
        self.inp = nn.Linear(in_features, hidden)
        self.blocks = nn.Sequential(*[ResidualMLPBlock(hidden, dropout) for _ in range(blocks)])
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))
