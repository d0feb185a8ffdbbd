# expect: none
# oracle: OK
# twin: s906_str_enum_metric_reductions_grad_norm_max
"""Regression run that logs metrics reduced across replicas; the grad norm is averaged, a reduction XLAFSDP supports."""
import enum

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Reduction(str, enum.Enum):
    SUM = "sum"
    MEAN = "mean"
    MAX = "max"


# How every logged metric is combined over the replicas before it is printed.
METRIC_REDUCTIONS = {
    "loss": "mean",
    "samples": "sum",
    "grad_norm": "mean",
}


class Regressor(nn.Module):
    def __init__(self, features=16, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(features, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def reduce_metrics(fabric, metrics):
    reduced = {}
    for name, value in metrics.items():
        op = getattr(Reduction, METRIC_REDUCTIONS[name].upper())
        reduced[name] = fabric.all_reduce(value, reduce_op=op).item()
    return reduced


def run(fabric, steps=3, batch_size=16):
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(batch_size, 16, device=fabric.device)
        target = x.sum(dim=1)
        loss = F.mse_loss(model(x), target)
        fabric.backward(loss)
        grad_norm = fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        metrics = {
            "loss": loss.detach(),
            "samples": torch.tensor(float(batch_size), device=fabric.device),
            "grad_norm": grad_norm,
        }
        fabric.print(step, reduce_metrics(fabric, metrics))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run)
