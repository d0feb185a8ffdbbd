"""Feed-forward fraud scorer with a feature-wise gating layer."""
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.value = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + self.value(x) * torch.sigmoid(self.gate(x)))


class FraudScorer(nn.Module):
    def __init__(self, in_features, hidden=48, depth=2):
        super().__init__()
        self.inp = nn.Linear(in_features, hidden)
        self.blocks = nn.Sequential(*[GatedBlock(hidden) for _ in range(depth)])
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.blocks(torch.relu(self.inp(x))))
