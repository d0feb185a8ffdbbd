# expect: none
# real: OK
# findings: none
"""Optimisation settings in a dataclass; gradients are clipped by norm, as XLA FSDP requires."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

import lightning.fabric as lf
from lightning.fabric.strategies import XLAFSDPStrategy as XLAFSDP


@dataclass
class OptimConfig:
    lr: float = 3e-3
    grad_clip: float = 1.0
    clip_by: str = "norm"


class Tagger(nn.Module):
    def __init__(self, vocab=30, hidden=16, tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, tags)

    def forward(self, ids):
        return self.out(torch.tanh(self.mix(self.embed(ids))))


def clip_kwargs(cfg: OptimConfig) -> dict:
    if cfg.clip_by == "norm":
        return {"max_norm": cfg.grad_clip}
    return {"clip_val": cfg.grad_clip}


def train(fabric, cfg: OptimConfig):
    model = fabric.setup_module(Tagger())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(2):
        ids = torch.randint(0, 30, (4, 7), device=fabric.device)
        tags = torch.randint(0, 5, (4, 7), device=fabric.device)
        loss = F.cross_entropy(model(ids).reshape(-1, 5), tags.reshape(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, **clip_kwargs(cfg))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = lf.Fabric(accelerator="tpu", strategy=XLAFSDP())
    fabric.launch(train, OptimConfig())
