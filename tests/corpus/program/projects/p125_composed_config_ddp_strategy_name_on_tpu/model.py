"""A tiny GPT-like stack: a Block is the layer FSDP wraps and checkpoints."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.mlp(self.norm(x)))


class GPT(nn.Module):
    def __init__(self, dim: int = 32, n_layer: int = 2, vocab: int = 4):
        super().__init__()
        self.h = nn.ModuleList(Block(dim) for _ in range(n_layer))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, x):
        for block in self.h:
            x = block(x)
        return self.lm_head(x)
