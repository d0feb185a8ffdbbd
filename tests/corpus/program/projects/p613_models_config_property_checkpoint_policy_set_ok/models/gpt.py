"""A small GPT-style stack. `GPTConfig` knows which layer FSDP should shard and recompute."""
from dataclasses import dataclass

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, n_embd: int, n_head: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = nn.MultiheadAttention(n_embd, n_head, batch_first=True)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd))

    def forward(self, x):
        h = self.ln_1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln_2(x))


@dataclass
class GPTConfig:
    vocab_size: int = 128
    block_size: int = 16
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 32
    gradient_checkpointing: bool = False

    @property
    def block_cls(self) -> type[nn.Module]:
        return Block

    @property
    def checkpoint_policy(self):
        return {self.block_cls} if self.gradient_checkpointing else set()


class GPT(nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.wpe = nn.Embedding(config.block_size, config.n_embd)
        self.h = nn.ModuleList(config.block_cls(config.n_embd, config.n_head) for _ in range(config.n_layer))
        self.ln_f = nn.LayerNorm(config.n_embd)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        pos = torch.arange(idx.size(1), device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
