"""A tiny GPT-shaped network built from a `Config`; a `Block` is the unit XLA FSDP wraps."""
import torch
from torch import nn

from config import Config


class Block(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.norm = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Linear(config.n_embd, config.n_embd)

    def forward(self, x):
        return x + torch.relu(self.mlp(self.norm(x)))


class GPT(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(x)
