"""Critic that scores rows as real or generated."""
from torch import nn

from nets.generator import ResBlock


class Critic(nn.Module):
    def __init__(self, dim: int = 64, columns: int = 12):
        super().__init__()
        self.inp = nn.Linear(columns, dim)
        self.blocks = nn.Sequential(ResBlock(dim), ResBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, rows):
        return self.out(self.blocks(self.inp(rows))).squeeze(-1)
