"""A small pre-norm transformer language model."""
import torch
from torch import nn


class TransformerBlock(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.norm2(x))


class LanguageModel(nn.Module):
    def __init__(self, vocab_size, dim, depth, heads):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, dim)
        self.blocks = nn.Sequential(*[TransformerBlock(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab_size, bias=False)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.vocab_size, cfg.dim, cfg.depth, cfg.heads)

    def forward(self, idx):
        return self.head(self.norm(self.blocks(self.tok(idx))))


def random_tokens(batch_size, seq_len, vocab_size, device):
    return torch.randint(0, vocab_size, (batch_size, seq_len + 1), device=device)
