# expect: LXF020
# findings: LXF020 error 50
"""Saves "consolidated" checkpoints, a spelling XLAFSDPStrategy never checks: saving silently
writes shards, and the first resume raises ValueError("Unknown state_dict_type: consolidated")."""
import glob
import os

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Autoencoder(nn.Module):
    def __init__(self, dim=784, hidden=(1024, 512, 64)):
        super().__init__()
        sizes = (dim, *hidden)
        self.encoder = nn.Sequential(*[nn.Sequential(nn.Linear(a, b), nn.ReLU()) for a, b in zip(sizes, sizes[1:])])
        rev = sizes[::-1]
        self.decoder = nn.Sequential(*[nn.Sequential(nn.Linear(a, b), nn.ReLU()) for a, b in zip(rev, rev[1:])])

    def forward(self, x):
        return self.decoder(self.encoder(x))


def latest(folder):
    found = sorted(glob.glob(os.path.join(folder, "step-*")))
    return found[-1] if found else None


def train(fabric, folder="ckpt/ae", steps=20_000):
    model = fabric.setup_module(Autoencoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    resume = latest(folder)
    if resume:
        fabric.load(resume, state)
    for step in range(state["step"], steps):
        x = torch.rand(512, 784, device=fabric.device)
        loss = nn.functional.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step + 1
        if (step + 1) % 1000 == 0:
            fabric.save(os.path.join(folder, f"step-{step + 1:06d}"), state)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(state_dict_type="consolidated")
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
