"""Residual MLP classifier used for every fold."""
from torch import nn


class ResidualMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.ff(x)


def build_model(cfg, hidden=32):
    return nn.Sequential(
        nn.Linear(cfg["features"], hidden), ResidualMLP(hidden), ResidualMLP(hidden), nn.Linear(hidden, cfg["classes"])
    )
