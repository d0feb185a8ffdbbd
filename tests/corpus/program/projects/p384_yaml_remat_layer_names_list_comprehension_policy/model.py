"""A small transformer-ish stack: `Block` is the layer FSDP wraps."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.mlp(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, n_layer: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim) for _ in range(n_layer))
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)
