"""Tabular classifier with residual MLP blocks."""
from torch import nn


class ResBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.BatchNorm1d(width), nn.ReLU(), nn.Linear(width, width))

    def forward(self, x):
        return x + self.body(x)


class TabularNet(nn.Module):
    def __init__(self, in_features, hidden, classes, blocks=2):
        super().__init__()
        self.stem = nn.Linear(in_features, hidden)
        self.blocks = nn.Sequential(*(ResBlock(hidden) for _ in range(blocks)))
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


def count_parameters(module):
    return sum(p.numel() for p in module.parameters() if p.requires_grad)
