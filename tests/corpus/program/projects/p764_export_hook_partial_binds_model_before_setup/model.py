"""Sequence tagger: a convolutional tagger over token embeddings."""
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, dim, kernel=3):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, kernel, padding=kernel // 2)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        y = self.conv(x.transpose(1, 2)).transpose(1, 2)
        return self.norm(x + y.relu())


class Tagger(nn.Module):
    def __init__(self, vocab=300, dim=48, tags=9, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[ConvBlock(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        return self.out(self.blocks(self.embed(tokens)))
