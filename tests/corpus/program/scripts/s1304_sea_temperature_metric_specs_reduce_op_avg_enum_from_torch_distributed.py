# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: RedOpType.AVG
"""Sea-surface temperature forecaster; validation metrics are synced across replicas as declared in a spec table."""
from typing import NamedTuple, Union

import torch
import torch.distributed as tdist
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class MetricSpec(NamedTuple):
    name: str
    reduce: Union[str, tdist.ReduceOp]


VALIDATION_METRICS = (
    MetricSpec("val_mse", reduce=tdist.ReduceOp.AVG),
    MetricSpec("val_samples", reduce="sum"),
)


class GridBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(self.norm(x)))


class SSTForecaster(nn.Module):
    """Eight past daily 4x4 grids in, tomorrow's grid out."""

    def __init__(self, days: int = 8, cells: int = 16, dim: int = 64):
        super().__init__()
        self.inp = nn.Linear(days * cells, dim)
        self.blocks = nn.Sequential(GridBlock(dim), GridBlock(dim))
        self.out = nn.Linear(dim, cells)

    def forward(self, past):
        return self.out(self.blocks(self.inp(past.flatten(1))))


def sst_batch(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    base = 18 + 4 * torch.rand(batch, 1, 16, generator=gen)
    days = base + 0.2 * torch.randn(batch, 9, 16, generator=gen).cumsum(1)
    return days[:, :8], days[:, 8]


class MetricSync:
    def __init__(self, fabric, specs=VALIDATION_METRICS):
        self.fabric = fabric
        self.specs = specs

    def __call__(self, values: dict) -> dict:
        return {spec.name: self.fabric.all_reduce(values[spec.name], reduce_op=spec.reduce) for spec in self.specs}


def train(fabric):
    model = fabric.setup_module(SSTForecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(3):
        past, target = sst_batch(16, seed=step)
        loss = F.mse_loss(model(past.to(fabric.device)), target.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    sync = MetricSync(fabric)
    with torch.no_grad():
        past, target = sst_batch(32, seed=100)
        val = F.mse_loss(model(past.to(fabric.device)), target.to(fabric.device))
    metrics = sync({"val_mse": val, "val_samples": torch.tensor(32.0, device=fabric.device)})
    fabric.print({k: round(v.item(), 4) for k, v in metrics.items()})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GridBlock}))
    fabric.launch(train)
