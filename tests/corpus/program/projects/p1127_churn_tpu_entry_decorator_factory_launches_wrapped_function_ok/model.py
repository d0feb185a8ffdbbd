"""Residual MLP for tabular data."""
from torch import nn

FEATURES = 12  # tenure, monthly charges, support calls, contract type (one-hot), ...


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class ChurnModel(nn.Module):
    def __init__(self, dim=64, depth=2):
        super().__init__()
        self.inp = nn.Linear(FEATURES, dim)
        self.blocks = nn.Sequential(*[ResidualMLPBlock(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(-1)
