# expect: none
# oracle: OK
# twin: s988_anomaly_autoencoder_typeddict_deepcopy_update_reduce_max
"""Sensor anomaly detector (MLP autoencoder) on TPU; how each metric is reduced across cores is a `TypedDict` spec, deep-copied and updated for evaluation."""
import copy
from typing import TypedDict

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Reductions(TypedDict):
    loss: str
    threshold: str


class EvalSpec(TypedDict):
    quantile: float
    reductions: Reductions


BASE_EVAL: EvalSpec = {"quantile": 0.99, "reductions": {"loss": "mean", "threshold": "mean"}}

# alerting averages the per-core thresholds (XLA FSDP reduces by sum or mean only)
ALERT_EVAL = copy.deepcopy(BASE_EVAL)
ALERT_EVAL["reductions"].update(threshold="mean")


class Bottleneck(nn.Module):
    def __init__(self, dim, code):
        super().__init__()
        self.down = nn.Sequential(nn.Linear(dim, code), nn.Tanh())
        self.up = nn.Linear(code, dim)

    def forward(self, x):
        return self.up(self.down(x))


class SensorAutoencoder(nn.Module):
    def __init__(self, sensors=24, hidden=64, code=8):
        super().__init__()
        self.inp = nn.Sequential(nn.Linear(sensors, hidden), nn.ReLU())
        self.core = Bottleneck(hidden, code)
        self.out = nn.Linear(hidden, sensors)

    def forward(self, x):
        return self.out(self.core(self.inp(x)))


def readings(n, device, anomalous=0.0):
    base = torch.sin(torch.linspace(0, 6.28, 24, device=device)).expand(n, 24)
    return base + 0.05 * torch.randn(n, 24, device=device) + anomalous


def calibrate(fabric, model, spec: EvalSpec):
    with torch.no_grad():
        errors = F.mse_loss(model(readings(64, fabric.device)), readings(64, fabric.device), reduction="none").mean(1)
    local = torch.quantile(errors.float(), spec["quantile"])
    return fabric.all_reduce(local, reduce_op=spec["reductions"]["threshold"])


def train(fabric, spec):
    model = fabric.setup_module(SensorAutoencoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    for step in range(3):
        x = readings(32, fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        mean_loss = fabric.all_reduce(loss.detach(), reduce_op=spec["reductions"]["loss"])
        fabric.print(f"step {step}: reconstruction {mean_loss.item():.4f}")
    threshold = calibrate(fabric, model, spec)
    fabric.print(f"alert threshold: {threshold.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Bottleneck}))
    fabric.launch(train, ALERT_EVAL)
