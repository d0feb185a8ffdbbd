"""A tiny causal LM: embeddings, residual blocks, a head; `generate` samples greedily."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class TinyLM(nn.Module):
    def __init__(self, vocab: int = 64, dim: int = 32, depth: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.head(self.blocks(self.embed(idx)))

    @torch.no_grad()
    def generate(self, idx, max_new_tokens: int = 4):
        for _ in range(max_new_tokens):
            logits = self.head(self.blocks(self.embed(idx)))[:, -1]
            idx = torch.cat([idx, logits.argmax(-1, keepdim=True)], dim=1)
        return idx
