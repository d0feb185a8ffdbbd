# expect: LXF021
# oracle: RAISED ValueError: Got `XLAFSDPStrategy.load_checkpoint(..., state=None)` but a state with at least  a model instance to reload is required
"""Molecular property regressor (synthetic fingerprints); a warm restart uses the resume hook the run's mode names,
from a table of small lambdas."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BITS = 64

RESUME_HOOKS = {
    "weights": lambda fabric, path, state: fabric.load(path),
    "everything": lambda fabric, path, state: fabric.load(path, state),
    "fresh": lambda fabric, path, state: {},
}
RESUME_MODE = "weights"


class PropertyBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.silu(self.fc(x))


class Regressor(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.embed = nn.Linear(BITS, dim)
        self.blocks = nn.Sequential(PropertyBlock(dim), PropertyBlock(dim))
        self.head = nn.Linear(dim, 1)

    def forward(self, fingerprints):
        return self.head(self.blocks(self.embed(fingerprints))).squeeze(-1)


def fingerprints(n):
    bits = (torch.rand(n, BITS) < 0.2).float()
    solubility = bits[:, :8].sum(1) - 0.5 * bits[:, 8:16].sum(1)
    return bits, solubility


def fit(fabric, model, optimizer, steps):
    for _ in range(steps):
        x, y = fabric.to_device(fingerprints(32))
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def train(fabric, workdir):
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    state = {"model": model, "optimizer": optimizer, "epoch": 0}
    fabric.print(f"pretrain mse {fit(fabric, model, optimizer, 2):.3f}")
    path = os.path.join(workdir, "pretrain")
    fabric.save(path, state)

    RESUME_HOOKS[RESUME_MODE](fabric, path, {"model": model})
    fabric.print(f"finetune mse {fit(fabric, model, optimizer, 2):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={PropertyBlock}))
    fabric.launch(train, tempfile.mkdtemp(prefix="molprop_"))
