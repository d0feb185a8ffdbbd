# expect: FSDP013
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED TypeError: 'tuple' object is not callable
# findings: pending
"""Wrap each decoder layer in its own FSDP unit. The layer classes come from a config as a tuple;
FSDPStrategy converts only a set into a wrap policy and torch then calls the tuple as a function."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy


class DecoderLayer(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(dim, 8, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.ReLU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.self_attn(x, x, x, need_weights=False)[0]
        return x + self.ff(x)


@dataclass
class TrainConfig:
    dim: int = 512
    depth: int = 8
    lr: float = 3e-4
    steps: int = 2000
    wrap_classes: tuple = (DecoderLayer,)


def train(fabric: Fabric, cfg: TrainConfig) -> None:
    model = fabric.setup_module(nn.Sequential(*[DecoderLayer(cfg.dim) for _ in range(cfg.depth)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        loss = model(torch.randn(8, 128, cfg.dim, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main() -> None:
    cfg = TrainConfig()
    strategy = FSDPStrategy(auto_wrap_policy=cfg.wrap_classes, state_dict_type="full")
    fabric = Fabric(accelerator="cuda", devices=4, strategy=strategy)
    fabric.launch(train, cfg)


if __name__ == "__main__":
    main()
