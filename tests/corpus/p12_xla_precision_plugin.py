# expect: none
# findings: none
"""Precision given as the XLA plugin on the strategy, and the launched function receives extra
arguments through `fabric.launch(fn, *args)`; gradients clipped by norm only."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


@dataclass
class Config:
    vocab: int = 32000
    dim: int = 1024
    layers: int = 16
    lr: float = 2e-4
    steps: int = 20_000
    clip: float = 1.0


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 16, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.n1, self.n2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, x):
        h = self.n1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.n2(x))


def train(fabric: Fabric, cfg: Config):
    model = nn.Sequential(nn.Embedding(cfg.vocab, cfg.dim), *[Layer(cfg.dim) for _ in range(cfg.layers)],
                          nn.Linear(cfg.dim, cfg.vocab))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        ids = torch.randint(0, cfg.vocab, (8, 513), device=fabric.device)
        logits = model(ids[:, :-1])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), ids[:, 1:].flatten())
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=None, max_norm=cfg.clip)
        optimizer.step()
        optimizer.zero_grad()
        if step % 1000 == 0:
            total = fabric.all_reduce(loss.detach(), reduce_op="sum")
            fabric.print(f"{step}: {total.item() / fabric.world_size:.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(precision=XLAPrecision("bf16-true"), auto_wrap_policy={Layer})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, Config())
