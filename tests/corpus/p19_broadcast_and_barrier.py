# expect: none
# findings: none
"""Hyper-parameter search step under XLA FSDP: rank 0 draws the configuration and broadcasts it,
every rank trains, and results are gathered; the device is used only inside the launched function."""
import random

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def sample_config(rng):
    return {"lr": 10 ** rng.uniform(-5, -3), "width": rng.choice([512, 1024, 2048]), "depth": rng.randint(2, 6)}


def build(width, depth):
    layers = [nn.Linear(64, width), nn.ReLU()]
    for _ in range(depth - 1):
        layers += [nn.Linear(width, width), nn.ReLU()]
    return nn.Sequential(*layers, nn.Linear(width, 1))


def trial(fabric, seed=0, steps=2000):
    config = sample_config(random.Random(seed)) if fabric.global_rank == 0 else None
    config = fabric.broadcast(config, src=0)
    model = fabric.setup_module(build(config["width"], config["depth"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config["lr"]))
    for _ in range(steps):
        x = torch.randn(128, 64, device=fabric.device)
        y = x.sum(-1, keepdim=True).sin()
        loss = nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.barrier()
    losses = fabric.all_gather(loss.detach())
    if fabric.is_global_zero:
        print(config, losses.mean().item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="32-true")
    fabric.launch(trial, 1234)
