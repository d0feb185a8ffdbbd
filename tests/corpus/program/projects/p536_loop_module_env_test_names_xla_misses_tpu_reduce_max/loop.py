"""The training loop; ACCEL=cpu runs it in the CPU smoke test."""
import os

import torch
import torch.nn.functional as F

from model import Net

SHARDED_XLA = os.getenv("ACCEL", "tpu") == "xla"


def fit(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if SHARDED_XLA:
            worst = fabric.all_gather(loss.detach()).max()
        else:
            worst = fabric.all_reduce(loss.detach(), reduce_op="max")
        fabric.print(f"step {step}: worst loss {worst.item():.3f}")
