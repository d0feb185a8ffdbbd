"""Bag-of-words MLP over token counts."""
from torch import nn


class Residual(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.ff(x)


class TopicClassifier(nn.Module):
    def __init__(self, vocab: int, hidden: int, topics: int):
        super().__init__()
        self.embed = nn.Linear(vocab, hidden)
        self.body = nn.Sequential(Residual(hidden), Residual(hidden))
        self.out = nn.Linear(hidden, topics)

    def forward(self, counts):
        return self.out(self.body(self.embed(counts)))
