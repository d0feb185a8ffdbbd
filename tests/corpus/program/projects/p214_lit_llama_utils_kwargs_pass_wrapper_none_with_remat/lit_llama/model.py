"""A tiny LLaMA, shaped as lit-llama's model.py: `LLaMAConfig.from_name` and a stack of `Block`s."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class LLaMAConfig:
    block_size: int = 16
    vocab_size: int = 64
    n_layer: int = 2
    n_embd: int = 32

    @classmethod
    def from_name(cls, name: str) -> "LLaMAConfig":
        return cls(**llama_configs[name])


llama_configs = {
    "tiny": dict(n_layer=2, n_embd=32),
    "small": dict(n_layer=4, n_embd=64),
}


class Block(nn.Module):
    def __init__(self, config: LLaMAConfig):
        super().__init__()
        self.rms_1 = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Sequential(nn.Linear(config.n_embd, 4 * config.n_embd), nn.SiLU(),
                                 nn.Linear(4 * config.n_embd, config.n_embd))

    def forward(self, x):
        return x + self.mlp(self.rms_1(x))


class LLaMA(nn.Module):
    def __init__(self, config: LLaMAConfig):
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
