# expect: none
# findings: none
"""Debugging on a laptop done right: the XLA FSDP strategy only on TPU, and the plain defaults on
CPU, chosen in one place; everything else is the same training function."""
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

DEBUG = os.environ.get("DEBUG", "1") == "1"


class Block(nn.Module):
    def __init__(self, dim=256):
        super().__init__()
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))

    def forward(self, x):
        return x + self.ff(x)


def train(fabric, steps):
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(4)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(32, 256, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 10 == 0:
            fabric.print(step, loss.item())
    fabric.save("debug-ckpt" if DEBUG else "gs://bucket/ckpt", {"model": model, "optimizer": optimizer})


def make_fabric():
    if DEBUG:
        return Fabric(accelerator="cpu", devices=1)
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))


if __name__ == "__main__":
    fabric = make_fabric()
    fabric.launch(train, 100 if DEBUG else 10_000)
