"""A tiny decoder: embeddings, `TransformerBlock`s (the FSDP units), an output projection."""
import torch
from torch import nn


class TransformerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attention_norm = nn.LayerNorm(dim)
        self.feed_forward = nn.Sequential(nn.Linear(dim, 4 * dim), nn.SiLU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.feed_forward(self.attention_norm(x))


class Transformer(nn.Module):
    def __init__(self, vocab_size=64, dim=32, n_layers=2):
        super().__init__()
        self.tok_embeddings = nn.Embedding(vocab_size, dim)
        self.layers = nn.ModuleList(TransformerBlock(dim) for _ in range(n_layers))
        self.output = nn.Linear(dim, vocab_size, bias=False)

    def forward(self, tokens):
        h = self.tok_embeddings(tokens)
        for layer in self.layers:
            h = layer(h)
        return self.output(h)
