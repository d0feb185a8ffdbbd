"""A trimmed lit-gpt GPT with LLaMA-Adapter prompts (https://arxiv.org/abs/2303.16199)."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    name: str = "pythia-14m"
    block_size: int = 32
    vocab_size: int = 128
    n_layer: int = 2
    n_head: int = 2
    n_embd: int = 32
    adapter_prompt_length: int = 4
    adapter_start_layer: int = 1

    @classmethod
    def from_name(cls, name: str, **kwargs) -> "Config":
        presets = {"pythia-14m": {}, "pythia-70m": {"n_layer": 6, "n_embd": 512, "n_head": 8}}
        return cls(name=name, **{**presets[name], **kwargs})


class CausalSelfAttention(nn.Module):
    def __init__(self, config: Config, block_idx: int) -> None:
        super().__init__()
        self.n_head = config.n_head
        self.attn = nn.Linear(config.n_embd, 3 * config.n_embd)
        self.proj = nn.Linear(config.n_embd, config.n_embd)
        self.use_adapter = block_idx >= config.adapter_start_layer
        if self.use_adapter:
            self.adapter_wte = nn.Embedding(config.adapter_prompt_length, config.n_embd)
            self.gating_factor = nn.Parameter(torch.zeros(1, config.n_head, 1, 1))

    def _heads(self, t):
        B, T, C = t.shape
        return t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = (self._heads(t) for t in self.attn(x).split(C, dim=2))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        if self.use_adapter:
            prefix = self.adapter_wte.weight.unsqueeze(0).expand(B, -1, -1)
            _, ak, av = (self._heads(t) for t in self.attn(prefix).split(C, dim=2))
            y = y + self.gating_factor * F.scaled_dot_product_attention(q, ak, av)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class Block(nn.Module):
    def __init__(self, config: Config, block_idx: int) -> None:
        super().__init__()
        self.norm_1 = nn.LayerNorm(config.n_embd)
        self.attn = CausalSelfAttention(config, block_idx)
        self.norm_2 = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Sequential(nn.Linear(config.n_embd, 4 * config.n_embd), nn.GELU(), nn.Linear(4 * config.n_embd, config.n_embd))

    def forward(self, x):
        x = x + self.attn(self.norm_1(x))
        return x + self.mlp(self.norm_2(x))


class GPT(nn.Module):
    def __init__(self, config: Config) -> None:
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.h = nn.ModuleList(Block(config, i) for i in range(config.n_layer))
        self.ln_f = nn.LayerNorm(config.n_embd)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))


def mark_only_adapter_as_trainable(model: GPT) -> None:
    for name, param in model.named_parameters():
        param.requires_grad = adapter_filter(name, param)


def adapter_filter(key: str, value) -> bool:
    return "adapter_wte" in key or "gating_factor" in key
