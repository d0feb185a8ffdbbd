"""A tiny conformer-ish acoustic model with a CTC head."""
import torch
from torch import nn


class ConformerBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1, groups=dim)

    def forward(self, x):  # x: (batch, time, dim)
        x = x + 0.5 * self.ff(x)
        return x + self.conv(x.transpose(1, 2)).transpose(1, 2)


class CTCModel(nn.Module):
    def __init__(self, n_mels: int, vocab: int, dim: int = 32, depth: int = 2):
        super().__init__()
        self.proj = nn.Linear(n_mels, dim)
        self.blocks = nn.Sequential(*[ConformerBlock(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, vocab + 1)  # + blank

    def forward(self, feats):
        return self.out(self.blocks(self.proj(feats))).log_softmax(-1)
