"""Encoder for masked-token pretraining."""
import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim=64, hidden=256):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, vocab=512, dim=64, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList([EncoderLayer(dim) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(x)


def mask_tokens(tokens, mask_id=0, p=0.15):
    mask = torch.rand(tokens.shape, device=tokens.device) < p
    return tokens.masked_fill(mask, mask_id), mask
