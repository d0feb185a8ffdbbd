"""An MLP power-curve model: turbine readings in, normalised power out."""
import torch
from torch import nn


class TurbineBlock(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.fc = nn.Linear(hidden, hidden)
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class PowerCurve(nn.Module):
    def __init__(self, features: int, hidden: int):
        super().__init__()
        self.inp = nn.Linear(features, hidden)
        self.blocks = nn.Sequential(TurbineBlock(hidden), TurbineBlock(hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return torch.sigmoid(self.out(self.blocks(self.inp(x)))).squeeze(-1)


def scada_batch(batch: int, features: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(batch, features, generator=gen)
    wind = x[:, 0].abs() * 6
    power = (wind**3 / (wind**3 + 500)).clamp(0, 1)
    return x, power
