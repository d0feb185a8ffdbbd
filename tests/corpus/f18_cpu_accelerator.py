# expect: LXF010
# findings: LXF010 error 40
"""Debugging the XLA FSDP script on a laptop by switching the accelerator to "cpu" while keeping
the strategy: Fabric accepts it, but the workers fail in `setup_environment` at launch with
ValueError("Device should be CPU, got xla:0 instead.")."""
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


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="cpu",  # "tpu" on the pod; switched for a local debugging run
        devices=2,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train, 100 if DEBUG else 10_000)
