"""Siamese bag-of-words encoder: are two questions duplicates?"""
import torch
from torch import nn


class Tower(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, ids):
        return self.proj(self.embed(ids))


class DuplicateDetector(nn.Module):
    def __init__(self, vocab):
        super().__init__()
        self.tower = Tower(vocab)
        self.head = nn.Linear(4 * 32, 1)

    def forward(self, a, b):
        u, v = self.tower(a), self.tower(b)
        return self.head(torch.cat([u, v, (u - v).abs(), u * v], -1)).squeeze(-1)
