"""Building blocks shared by the weather tasks."""
import torch
from torch import nn


class GridBlock(nn.Module):
    """A residual MLP over the flattened grid cells of one time step."""

    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class GridForecaster(nn.Module):
    def __init__(self, cells: int, hidden: int = 32, depth: int = 2):
        super().__init__()
        self.encode = nn.Linear(cells, hidden)
        self.blocks = nn.Sequential(*[GridBlock(hidden) for _ in range(depth)])
        self.decode = nn.Linear(hidden, cells)

    def forward(self, x):
        return self.decode(self.blocks(self.encode(x)))
