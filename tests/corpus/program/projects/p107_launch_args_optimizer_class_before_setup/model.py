"""A tiny GPT in the shape of litgpt's: a Config dataclass read from a table, a Block, the model."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Config:
    name: str = ""
    block_size: int = 16
    vocab_size: int = 64
    n_layer: int = 2
    n_embd: int = 32
    n_head: int = 4

    @classmethod
    def from_name(cls, name: str, **kwargs) -> "Config":
        conf_dict = name_to_config[name].copy()
        conf_dict.update(kwargs)
        return cls(**conf_dict)


configs = [
    dict(name="tiny-2l", n_layer=2, n_embd=32, n_head=4),
    dict(name="tiny-4l", n_layer=4, n_embd=32, n_head=4),
]
name_to_config = {config["name"]: config for config in configs}


class Block(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.norm_1 = nn.LayerNorm(config.n_embd)
        self.attn = nn.MultiheadAttention(config.n_embd, config.n_head, batch_first=True)
        self.norm_2 = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Sequential(nn.Linear(config.n_embd, 4 * config.n_embd), nn.GELU(), nn.Linear(4 * config.n_embd, config.n_embd))

    def forward(self, x):
        h = self.norm_1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm_2(x))


class GPT(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(x)
