"""A small 1-D spectral regressor."""
import torch
from torch import nn


class SpectralBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class BrixRegressor(nn.Module):
    def __init__(self, wavelengths: int = 64, dim: int = 32):
        super().__init__()
        self.inp = nn.Linear(wavelengths, dim)
        self.blocks = nn.Sequential(SpectralBlock(dim), SpectralBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, spectra):
        return self.out(self.blocks(self.inp(spectra))).squeeze(-1)
