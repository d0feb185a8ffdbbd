# expect: none
# oracle: OK
# twin: s966_abstract_checkpointer_restore_loads_without_state
"""Multi-step load forecaster on synthetic daily seasonality; checkpointing goes through an abstract Checkpointer, implemented next to it."""
import abc
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

HISTORY, HORIZON = 48, 12


class ForecastBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + F.relu(self.fc(x)))


class Forecaster(nn.Module):
    def __init__(self, dim=64):
        super().__init__()
        self.inp = nn.Linear(HISTORY, dim)
        self.blocks = nn.Sequential(ForecastBlock(dim), ForecastBlock(dim))
        self.out = nn.Linear(dim, HORIZON)

    def forward(self, history):
        return self.out(self.blocks(self.inp(history)))


def seasonal_batch(batch=16):
    start = torch.rand(batch, 1) * 24
    t = start + torch.arange(HISTORY + HORIZON).float()
    series = torch.sin(2 * torch.pi * t / 24) + 0.1 * torch.randn(batch, HISTORY + HORIZON)
    return series[:, :HISTORY], series[:, HISTORY:]


class Checkpointer(abc.ABC):
    def __init__(self, root):
        self.root = root

    def path(self, step):
        return os.path.join(self.root, f"step-{step:04d}")

    @abc.abstractmethod
    def save(self, fabric, step, model, optimizer): ...

    @abc.abstractmethod
    def restore(self, fabric, step, model, optimizer) -> int: ...


class FabricCheckpointer(Checkpointer):
    def save(self, fabric, step, model, optimizer):
        fabric.save(self.path(step), {"model": model, "optimizer": optimizer, "step": step})

    def restore(self, fabric, step, model, optimizer):
        checkpoint = {"model": model, "optimizer": optimizer, "step": 0}
        fabric.load(self.path(step), checkpoint)
        return checkpoint["step"]


def fit(fabric, checkpointer, steps=3):
    model = fabric.setup_module(Forecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        history, target = fabric.to_device(seasonal_batch())
        loss = F.mse_loss(model(history), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")
    checkpointer.save(fabric, steps, model, optimizer)
    resumed_at = checkpointer.restore(fabric, steps, model, optimizer)
    fabric.print(f"resumed at step {resumed_at}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ForecastBlock}))
    fabric.launch(fit, FabricCheckpointer(tempfile.mkdtemp(prefix="forecast-")))
