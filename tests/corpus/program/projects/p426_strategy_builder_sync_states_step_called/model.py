"""A decoder with attention and MLP blocks; each kind of block can be wrapped and rematerialised on its own."""
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int = 32, heads: int = 4):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        h = self.norm(x)
        return x + self.attn(h, h, h, need_weights=False)[0]


class MLP(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Decoder(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, depth: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.Sequential(*[m for _ in range(depth) for m in (Attention(dim), MLP(dim))])
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.head(self.layers(self.embed(tokens)))
