"""A dependency-arc scorer: token features through residual layers, a bilinear head-dependent score."""
import torch
from torch import nn


class ArcLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class ArcScorer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.layers = nn.Sequential(ArcLayer(dim), ArcLayer(dim))
        self.head = nn.Linear(dim, dim)
        self.dep = nn.Linear(dim, dim)

    def forward(self, tokens):  # (batch, n, dim) -> (batch, n, n) head scores for each dependent
        h = self.layers(tokens)
        return self.dep(h) @ self.head(h).transpose(1, 2)
