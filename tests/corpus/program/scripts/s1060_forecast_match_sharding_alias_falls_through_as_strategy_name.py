# expect: LXF034
# oracle: RAISED ValueError: You selected an invalid strategy name: `strategy='zero-3'`. It must be either a string or an instance of `lightning.fabr
"""Hourly temperature forecaster (residual MLP over a 24-hour window); the run's sharding mode picks the strategy."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WINDOW = 24
HORIZON = 6
SHARDING = "zero-3"


class ResidualMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Forecaster(nn.Module):
    def __init__(self, window=WINDOW, horizon=HORIZON, dim=64, depth=3):
        super().__init__()
        self.inp = nn.Linear(window, dim)
        self.blocks = nn.Sequential(*[ResidualMLP(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, horizon)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def strategy_for(sharding):
    """Map the team's sharding vocabulary to a Fabric strategy; any other value is taken as a registered name."""
    match sharding.lower():
        case "none" | "single":
            return "auto"
        case "replicate" | "ddp":
            return "xla"
        case "zero3" | "full":
            return XLAFSDPStrategy(auto_wrap_policy={ResidualMLP})
        case name:
            return name


def temperatures(batch, device):
    start = torch.rand(batch, 1) * 24
    hours = start + torch.arange(WINDOW + HORIZON)
    series = 12 + 8 * torch.sin(hours * 2 * math.pi / 24) + 0.5 * torch.randn(batch, WINDOW + HORIZON)
    return series[:, :WINDOW].to(device), series[:, WINDOW:].to(device)


def train(fabric):
    model = fabric.setup_module(Forecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    for step in range(3):
        history, future = temperatures(32, fabric.device)
        loss = F.l1_loss(model(history), future)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mae {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=strategy_for(SHARDING))
    fabric.launch(train)
