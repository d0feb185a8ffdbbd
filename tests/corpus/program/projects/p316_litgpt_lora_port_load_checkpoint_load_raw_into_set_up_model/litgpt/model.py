"""A tiny GPT whose attention projection carries LoRA weights (litgpt's lora.py, trimmed)."""
import torch
from torch import nn

from litgpt.config import Config


class LoRALinear(nn.Linear):
    def __init__(self, in_features: int, out_features: int, r: int = 0, lora_alpha: int = 1, **kwargs):
        super().__init__(in_features, out_features, **kwargs)
        self.r = r
        if r > 0:
            self.lora_A = nn.Parameter(torch.zeros(r, in_features))
            self.lora_B = nn.Parameter(torch.zeros(out_features, r))
            self.scaling = lora_alpha / r

    def forward(self, x):
        out = super().forward(x)
        if self.r > 0:
            out = out + (x @ self.lora_A.T @ self.lora_B.T) * self.scaling
        return out


class Block(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.norm_1 = nn.LayerNorm(config.n_embd)
        self.attn = LoRALinear(config.n_embd, config.n_embd, r=config.lora_r, lora_alpha=config.lora_alpha)
        self.norm_2 = nn.LayerNorm(config.n_embd)
        self.mlp = nn.Sequential(nn.Linear(config.n_embd, 4 * config.n_embd), nn.GELU(),
                                 nn.Linear(4 * config.n_embd, config.n_embd))

    def forward(self, x):
        x = x + self.attn(self.norm_1(x))
        return x + self.mlp(self.norm_2(x))


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


def mark_only_lora_as_trainable(model: nn.Module) -> None:
    for n, p in model.named_parameters():
        p.requires_grad = "lora_" in n
