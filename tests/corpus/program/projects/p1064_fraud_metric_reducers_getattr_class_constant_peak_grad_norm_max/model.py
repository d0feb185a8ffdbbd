"""A tabular scorer: feature embedding, residual MLP blocks, a fraud logit."""
import torch
from torch import nn


class ResidualMLP(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class FraudScorer(nn.Module):
    def __init__(self, features: int, dim: int = 32, depth: int = 3):
        super().__init__()
        self.embed = nn.Linear(features, dim)
        self.blocks = nn.Sequential(*[ResidualMLP(dim) for _ in range(depth)])
        self.logit = nn.Linear(dim, 1)

    def forward(self, x):
        return self.logit(self.blocks(self.embed(x))).squeeze(-1)
