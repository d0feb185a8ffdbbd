# expect: none
# real: OK
# findings: none
"""The memory mode picks the FSDP options in a match statement; every arm gives valid sets."""
import os

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


def fsdp_options(mode):
    match mode:
        case "full-remat":
            return {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": {Block}}
        case "wrap-only":
            return {"auto_wrap_policy": {Block}}
        case "none" | "":
            return {}
        case _:
            raise ValueError(f"unknown memory mode {mode!r}")


def train(fabric, steps=2):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(6, 4, device=fabric.device)
        y = torch.randint(0, 3, (6,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    options = fsdp_options(os.environ.get("MEMORY_MODE", "full-remat"))
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(**options))
    fabric.launch(train)
