"""Spam filter: token embeddings, a gated conv block, max-pool over the message."""
import torch
from torch import nn

from data.corpus import VOCAB


class GatedConv(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv = nn.Conv1d(dim, 2 * dim, 3, padding=1)

    def forward(self, x):
        a, b = self.conv(x).chunk(2, dim=1)
        return x + a * torch.sigmoid(b)


class SpamFilter(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, dim, padding_idx=0)
        self.blocks = nn.Sequential(GatedConv(dim), GatedConv(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, ids):
        h = self.blocks(self.embed(ids).transpose(1, 2))
        h = h.masked_fill((ids == 0).unsqueeze(1), -1e4)
        return self.out(h.amax(-1)).squeeze(-1)
