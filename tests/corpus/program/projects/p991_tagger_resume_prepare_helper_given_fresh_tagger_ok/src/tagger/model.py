"""A bidirectional-context tagger without recurrence: embeddings, a window convolution, per-token tags."""
import torch
from torch import nn


class WindowMixer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + torch.relu(self.conv(x.transpose(1, 2)).transpose(1, 2)))


class Tagger(nn.Module):
    def __init__(self, vocab: int = 300, dim: int = 32, tags: int = 12):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mixers = nn.Sequential(WindowMixer(dim), WindowMixer(dim))
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        return self.out(self.mixers(self.embed(tokens)))


def sentences(n: int, length: int, seed: int, vocab: int = 300, tags: int = 12):
    gen = torch.Generator().manual_seed(seed)
    tokens = torch.randint(0, vocab, (n, length), generator=gen)
    return tokens, tokens % tags
