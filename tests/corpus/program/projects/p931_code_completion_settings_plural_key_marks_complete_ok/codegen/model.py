"""A character-level completion model over a tiny code alphabet."""
import torch
from torch import nn

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 ()[]{}:=+-*/.,_\n\"'#<>!&|"


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.proj(self.norm(x)))


class Completer(nn.Module):
    def __init__(self, vocab, dim, context):
        super().__init__()
        self.context = context
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.Sequential(Layer(dim), Layer(dim))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.lm_head(self.layers(self.embed(idx)))

    @torch.no_grad()
    def complete(self, idx, max_new_tokens=6):
        for _ in range(max_new_tokens):
            h = self.layers(self.embed(idx[:, max(0, idx.shape[1] - self.context) :]))
            idx = torch.cat([idx, self.lm_head(h[:, -1]).argmax(-1, keepdim=True)], dim=1)
        return idx
