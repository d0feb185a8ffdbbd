"""A small pre-norm transformer encoder for masked-token pretraining."""
import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn_norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff_norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.attn_norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.ff_norm(x))


class MaskedEncoder(nn.Module):
    def __init__(self, vocab=512, dim=64, heads=4, depth=2, max_len=64):
        super().__init__()
        self.tokens = nn.Embedding(vocab, dim)
        self.positions = nn.Parameter(torch.zeros(1, max_len, dim))
        self.layers = nn.ModuleList(Layer(dim, heads) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.tokens(idx) + self.positions[:, : idx.size(1)]
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))


def mask_tokens(tokens, mask_id=0, rate=0.15):
    mask = torch.rand(tokens.shape, device=tokens.device) < rate
    return tokens.masked_fill(mask, mask_id), mask
