"""A tiny causal transformer for byte-level language modelling."""
import torch
from torch import nn

VOCAB = 256


class DecoderLayer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        t = x.size(1)
        causal = torch.triu(torch.ones(t, t, dtype=torch.bool, device=x.device), diagonal=1)
        h = self.norm1(x)
        x = x + self.attn(h, h, h, attn_mask=causal, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class ByteLM(nn.Module):
    def __init__(self, dim=64, heads=4, depth=2, context=128):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, dim)
        self.pos = nn.Parameter(torch.zeros(1, context, dim))
        self.layers = nn.Sequential(*(DecoderLayer(dim, heads) for _ in range(depth)))
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, VOCAB, bias=False)

    def forward(self, idx):
        x = self.tok(idx) + self.pos[:, : idx.size(1)]
        return self.lm_head(self.norm(self.layers(x)))
