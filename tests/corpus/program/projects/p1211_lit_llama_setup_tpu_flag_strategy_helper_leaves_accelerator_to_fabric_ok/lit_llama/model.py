"""A tiny LLaMA (RMSNorm, rotary-free attention, SwiGLU MLP) with lit-llama's `LLaMAConfig.from_name`."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.nn import functional as F


@dataclass
class LLaMAConfig:
    block_size: int = 32
    vocab_size: int = 256
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 32

    @classmethod
    def from_name(cls, name: str):
        return cls(**llama_configs[name])


llama_configs = {"tiny": dict(n_layer=2, n_head=2, n_embd=32), "7B": dict(n_layer=32, n_head=32, n_embd=4096)}


class RMSNorm(nn.Module):
    def __init__(self, size: int, eps: float = 1e-5):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(size))
        self.eps = eps

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Block(nn.Module):
    def __init__(self, config: LLaMAConfig):
        super().__init__()
        self.rms_1 = RMSNorm(config.n_embd)
        self.attn = nn.MultiheadAttention(config.n_embd, config.n_head, bias=False, batch_first=True)
        self.rms_2 = RMSNorm(config.n_embd)
        hidden = 4 * config.n_embd
        self.c_fc1 = nn.Linear(config.n_embd, hidden, bias=False)
        self.c_fc2 = nn.Linear(config.n_embd, hidden, bias=False)
        self.c_proj = nn.Linear(hidden, config.n_embd, bias=False)

    def forward(self, x):
        T = x.size(1)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        h = self.rms_1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        h = self.rms_2(x)
        return x + self.c_proj(F.silu(self.c_fc1(h)) * self.c_fc2(h))


class LLaMA(nn.Module):
    def __init__(self, config: LLaMAConfig):
        super().__init__()
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config) for _ in range(config.n_layer))
        self.ln_f = RMSNorm(config.n_embd)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
