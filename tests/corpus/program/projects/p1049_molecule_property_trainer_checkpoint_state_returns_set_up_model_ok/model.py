"""MLP over 512-bit molecular fingerprints predicting solubility (logS)."""
import torch
import torch.nn.functional as F
from torch import nn

BITS = 512


class DenseBlock(nn.Module):
    def __init__(self, dim, dropout=0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return self.norm(x + self.drop(F.gelu(self.fc(x))))


class FingerprintMLP(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.inp = nn.Linear(BITS, dim)
        self.blocks = nn.Sequential(DenseBlock(dim), DenseBlock(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, fp):
        return self.out(self.blocks(self.inp(fp))).squeeze(-1)


def random_molecules(n):
    fp = (torch.rand(n, BITS) < 0.05).float()
    log_s = -2.0 + fp[:, :32].sum(dim=1) * 0.1 - fp[:, 32:64].sum(dim=1) * 0.15
    return fp, log_s
