"""Generator of synthetic rows for a 12-column numeric table."""
from torch import nn


class ResBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return x + self.fc(self.norm(x)).relu()


class Generator(nn.Module):
    def __init__(self, noise: int = 16, dim: int = 64, columns: int = 12):
        super().__init__()
        self.inp = nn.Linear(noise, dim)
        self.blocks = nn.Sequential(ResBlock(dim), ResBlock(dim))
        self.out = nn.Linear(dim, columns)

    def forward(self, z):
        return self.out(self.blocks(self.inp(z)))
