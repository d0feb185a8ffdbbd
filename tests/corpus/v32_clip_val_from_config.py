# expect: LXF014
# real: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# findings: LXF014 error 37
"""Optimisation settings in a dataclass; clipping is read from it in the training loop."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

import lightning.fabric as lf
from lightning.fabric.strategies import XLAFSDPStrategy as XLAFSDP


@dataclass
class OptimConfig:
    lr: float = 3e-3
    weight_decay: float = 0.0
    grad_clip: float = 1.0
    clip_by: str = "value"


class GRUTagger(nn.Module):
    def __init__(self, vocab=30, hidden=16, tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, tags)

    def forward(self, ids):
        return self.out(self.rnn(self.embed(ids))[0])


def clip(fabric, model, optimizer, cfg: OptimConfig):
    if cfg.clip_by == "norm":
        return fabric.clip_gradients(model, optimizer, max_norm=cfg.grad_clip)
    return fabric.clip_gradients(model, optimizer, clip_val=cfg.grad_clip)


def train(fabric, cfg: OptimConfig):
    model = fabric.setup_module(GRUTagger())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(2):
        ids = torch.randint(0, 30, (4, 7), device=fabric.device)
        tags = torch.randint(0, 5, (4, 7), device=fabric.device)
        loss = F.cross_entropy(model(ids).reshape(-1, 5), tags.reshape(-1))
        fabric.backward(loss)
        clip(fabric, model, optimizer, cfg)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = lf.Fabric(accelerator="tpu", strategy=XLAFSDP())
    fabric.launch(train, OptimConfig())
