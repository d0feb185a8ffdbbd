"""A residual MLP over standardized customer features; ResidualLayer is the FSDP unit."""
import torch
from torch import nn


class ResidualLayer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + torch.relu(self.fc(x)))


class ChurnModel(nn.Module):
    def __init__(self, features: int, hidden: int = 32):
        super().__init__()
        self.inp = nn.Linear(features, hidden)
        self.layers = nn.Sequential(ResidualLayer(hidden), ResidualLayer(hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.layers(self.inp(x))).squeeze(-1)


def customers(rows: int, features: int):
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(rows, features, generator=gen)
    churned = (x[:, 0] - 0.5 * x[:, 3] + 0.1 * torch.randn(rows, generator=gen) > 0).float()
    return x, churned
