# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.DecoderLayer'>,). You can try defining and pass
# findings: LXF001 error 77
"""Llama-style SFT on a TPU pod. Nested config: `cfg.fsdp.policy` is read deep inside the launcher."""
import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class DecoderLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = RMSNorm(dim)
        self.gate = nn.Linear(dim, 2 * dim, bias=False)
        self.down = nn.Linear(2 * dim, dim, bias=False)

    def forward(self, x):
        return x + self.down(F.silu(self.gate(self.norm(x))))


class TinyLlama(nn.Module):
    def __init__(self, vocab=64, dim=32, n_layers=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(DecoderLayer(dim) for _ in range(n_layers))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, idx):
        x = self.wte(idx)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(x)


@dataclasses.dataclass
class FSDPSettings:
    wrap: frozenset = dataclasses.field(default=frozenset({DecoderLayer}))
    policy: tuple = dataclasses.field(default=(DecoderLayer,))
    sharded_checkpoints: bool = True


@dataclasses.dataclass
class SFTConfig:
    fsdp: FSDPSettings = dataclasses.field(default_factory=FSDPSettings)
    micro_batch: int = 2
    steps: int = 2


def sft(fabric, cfg):
    model = fabric.setup_module(TinyLlama())
    opt = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-5, betas=(0.9, 0.95)))
    for _ in range(cfg.steps):
        idx = torch.randint(0, 64, (cfg.micro_batch, 9), device=fabric.device)
        loss = F.cross_entropy(model(idx[:, :-1]).flatten(0, 1), idx[:, 1:].flatten())
        fabric.backward(loss)
        opt.step()
        opt.zero_grad()


def launch(cfg: SFTConfig):
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=set(cfg.fsdp.wrap),
        activation_checkpointing_policy=cfg.fsdp.policy,
        state_dict_type="sharded" if cfg.fsdp.sharded_checkpoints else "full",
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true")
    fabric.launch(sft, cfg)


if __name__ == "__main__":
    launch(SFTConfig())
