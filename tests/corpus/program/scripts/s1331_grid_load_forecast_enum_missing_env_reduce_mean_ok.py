# expect: none
# oracle: OK
# twin: s1330_grid_load_forecast_enum_missing_env_reduce_max
"""Hourly grid-load forecaster; the validation error is combined across TPU cores the way $VAL_REDUCE says (an enum that accepts any case)."""
import enum
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WINDOW = 24


class Reduction(str, enum.Enum):
    SUM = "sum"
    MEAN = "mean"
    MAX = "max"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for member in cls:
                if member.value == value.lower():
                    return member
        return None


VAL_REDUCE = Reduction(os.environ.get("VAL_REDUCE", "MEAN"))


class GatedResidual(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * dim)

    def forward(self, x):
        a, b = self.proj(x).chunk(2, dim=-1)
        return x + a * torch.sigmoid(b)


class LoadForecaster(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.inp = nn.Linear(WINDOW + 2, dim)  # last 24 h of load, temperature, weekday flag
        self.blocks = nn.Sequential(GatedResidual(dim), GatedResidual(dim))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x))).squeeze(-1)


def windows(n, seed):
    gen = torch.Generator().manual_seed(seed)
    phase = torch.rand(n, 1, generator=gen) * 24
    hours = phase + torch.arange(WINDOW + 1)
    load = 1 + 0.4 * torch.sin(hours / 24 * 2 * torch.pi) + 0.05 * torch.randn(n, WINDOW + 1, generator=gen)
    extra = torch.rand(n, 2, generator=gen)
    return torch.cat([load[:, :WINDOW], extra], 1), load[:, WINDOW]


class Validator:
    def __init__(self, fabric, reduction: Reduction):
        self.fabric = fabric
        self.reduction = reduction

    @torch.no_grad()
    def __call__(self, model):
        x, y = windows(64, seed=999)
        mae = (model(x.to(self.fabric.device)) - y.to(self.fabric.device)).abs().mean()
        return self.fabric.all_reduce(mae, reduce_op=self.reduction.value)


def train(fabric):
    model = fabric.setup_module(LoadForecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=2e-3))
    validate = Validator(fabric, VAL_REDUCE)
    for step in range(3):
        x, y = windows(32, seed=step)
        loss = F.l1_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(f"val mae ({VAL_REDUCE.value} over cores): {validate(model).item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GatedResidual}))
    fabric.launch(train)
