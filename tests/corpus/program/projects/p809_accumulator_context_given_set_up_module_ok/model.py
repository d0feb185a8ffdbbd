"""Character-level language model: embeddings, causal convolutions, a linear head."""
import torch
import torch.nn.functional as F
from torch import nn


class CausalConv(nn.Module):
    def __init__(self, dim, kernel=3):
        super().__init__()
        self.pad = kernel - 1
        self.conv = nn.Conv1d(dim, dim, kernel)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.conv(F.pad(x.transpose(1, 2), (self.pad, 0))).transpose(1, 2)
        return x + F.gelu(self.norm(h))


class CharModel(nn.Module):
    def __init__(self, vocab=96, dim=48, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.body = nn.Sequential(*(CausalConv(dim) for _ in range(depth)))
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.body(self.embed(idx)))


def char_batch(batch, length, device, vocab=96):
    data = torch.randint(0, vocab, (batch, length + 1), device=device)
    return data[:, :-1], data[:, 1:]
