"""A tiny decoder-only LM with a greedy `generate`."""
import torch
from torch import nn


class DecoderLayer(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.mlp(self.norm(x)))


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, layers: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(DecoderLayer(dim) for _ in range(layers))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.embed(idx)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(x)

    @torch.no_grad()
    def generate(self, idx, max_new_tokens: int = 2):
        for _ in range(max_new_tokens):
            logits = self(idx)[:, -1]
            idx = torch.cat([idx, logits.argmax(-1, keepdim=True)], dim=1)
        return idx
