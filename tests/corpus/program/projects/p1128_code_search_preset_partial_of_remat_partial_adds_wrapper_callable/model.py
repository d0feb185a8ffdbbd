"""A two-layer transformer encoder shared by queries and code, mean-pooled and L2-normalised."""
import torch.nn.functional as F
from torch import nn

VOCAB = 512


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.norm2(x))


class CodeSearchEncoder(nn.Module):
    def __init__(self, dim=64, depth=2):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, dim)
        self.layers = nn.Sequential(*[EncoderLayer(dim) for _ in range(depth)])
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        h = self.layers(self.tokens(ids)).mean(dim=1)
        return F.normalize(self.proj(h), dim=-1)
