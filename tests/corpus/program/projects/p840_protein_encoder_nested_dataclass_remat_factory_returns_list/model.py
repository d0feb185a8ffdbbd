"""Small transformer encoder over amino-acid tokens, mean-pooled for a per-sequence label."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class ProteinEncoder(nn.Module):
    def __init__(self, vocab_size, dim, heads, layers, max_len, classes):
        super().__init__()
        self.tokens = nn.Embedding(vocab_size, dim)
        self.positions = nn.Parameter(torch.zeros(1, max_len, dim))
        self.layers = nn.ModuleList(EncoderLayer(dim, heads) for _ in range(layers))
        self.head = nn.Linear(dim, classes)

    def forward(self, ids):
        x = self.tokens(ids) + self.positions[:, : ids.shape[1]]
        for layer in self.layers:
            x = layer(x)
        return self.head(x.mean(dim=1))
