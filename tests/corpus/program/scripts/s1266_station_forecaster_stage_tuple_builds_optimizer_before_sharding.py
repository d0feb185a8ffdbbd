# expect: LXF013
# oracle: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
"""Next-hour temperature forecaster for a network of weather stations on TPU; the run is a tuple of stage functions applied in order to a shared context."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

STATIONS = 20
HOURS = 24
FEATURES = 3  # temperature, pressure, humidity


class ForecastHead(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.station = nn.Linear(STATIONS, 8, bias=False)
        self.body = nn.Sequential(nn.Linear(HOURS * FEATURES + 8, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.out = nn.Linear(hidden, 1)

    def forward(self, station, history):
        x = torch.cat([history.flatten(1), self.station(F.one_hot(station, STATIONS).float())], dim=-1)
        return self.out(self.body(x)).squeeze(-1)


def create_model(ctx):
    ctx["model"] = ForecastHead(hidden=ctx["hidden"])


def create_optimizer(ctx):
    ctx["optimizer"] = torch.optim.AdamW(ctx["model"].parameters(), lr=ctx["lr"], weight_decay=1e-4)


def shard_model(ctx):
    ctx["model"] = ctx["fabric"].setup_module(ctx["model"])


def shard_optimizer(ctx):
    ctx["optimizer"] = ctx["fabric"].setup_optimizers(ctx["optimizer"])


STAGES = (create_model, create_optimizer, shard_model, shard_optimizer)


def synthetic_hours(n, device):
    t = torch.arange(HOURS + 1, device=device).float()
    phase = torch.rand(n, 1, device=device) * 2 * math.pi
    temp = 12 + 8 * torch.sin(2 * math.pi * t / 24 + phase)
    pressure = 1013 + torch.randn(n, HOURS + 1, device=device)
    humidity = 60 + 10 * torch.cos(2 * math.pi * t / 24 + phase)
    history = torch.stack([temp, pressure - 1013, humidity / 10], dim=-1)[:, :HOURS]
    station = torch.randint(0, STATIONS, (n,), device=device)
    return station, history, temp[:, HOURS]


def train(fabric):
    ctx = {"fabric": fabric, "hidden": 64, "lr": 2e-3}
    for stage in STAGES:
        stage(ctx)
    model, optimizer = ctx["model"], ctx["optimizer"]
    for step in range(3):
        station, history, target = synthetic_hours(32, fabric.device)
        loss = F.l1_loss(model(station, history), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: MAE {loss.item():.2f} degC")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
