"""Clause-type classifier (indemnity, termination, confidentiality, ...): a small transformer encoder."""
import torch
from torch import nn

CLAUSE_TYPES = ("indemnity", "termination", "confidentiality", "governing_law", "liability_cap", "assignment")


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x, pad_mask):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, key_padding_mask=pad_mask, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))


class ClauseClassifier(nn.Module):
    def __init__(self, vocab, max_tokens, dim=48, depth=2):
        super().__init__()
        self.tokens = nn.Embedding(vocab, dim, padding_idx=0)
        self.positions = nn.Embedding(max_tokens, dim)
        self.layers = nn.ModuleList([EncoderLayer(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, len(CLAUSE_TYPES))

    def forward(self, ids):
        pad_mask = ids == 0
        x = self.tokens(ids) + self.positions(torch.arange(ids.shape[1], device=ids.device))
        for layer in self.layers:
            x = layer(x, pad_mask)
        keep = (~pad_mask).unsqueeze(-1).to(x.dtype)
        return self.head((x * keep).sum(1) / keep.sum(1).clamp(min=1))
