"""Residual MLP language model: cheap, but with the block structure FSDP wraps."""
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, hidden)
        self.act = nn.SiLU()
        self.down = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.down(self.act(self.up(self.norm(x))))


class MLPLanguageModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab_size, cfg.dim)
        self.blocks = nn.Sequential(*[ResidualBlock(cfg.dim, cfg.hidden) for _ in range(cfg.layers)])
        self.norm = nn.LayerNorm(cfg.dim)
        self.lm_head = nn.Linear(cfg.dim, cfg.vocab_size)

    def forward(self, tokens):
        return self.lm_head(self.norm(self.blocks(self.embed(tokens))))
