# expect: none
# oracle: OK
# twin: s1242_solar_forecaster_stats_helper_forwards_positional_reduce_max
"""Solar irradiance forecaster: predicts the next hour from the last six; validation reports mean and worst error."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

HISTORY = 6
STEPS = 3


class Forecaster(nn.Module):
    def __init__(self, hidden: int = 32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(HISTORY + 2, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


def days(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    hour = torch.randint(6, 18, (batch, 1), generator=gen).float()
    hours = hour - torch.arange(HISTORY, 0, -1).float()
    clear_sky = torch.sin((hours - 6) / 12 * torch.pi).clamp(min=0)
    cloud = torch.rand(batch, 1, generator=gen)
    x = torch.cat([clear_sky * (1 - 0.7 * cloud), torch.sin(hour / 24 * 2 * torch.pi), cloud], dim=1)
    y = torch.sin((hour.squeeze(1) - 6) / 12 * torch.pi).clamp(min=0) * (1 - 0.7 * cloud.squeeze(1))
    return x, y


def reduce_stats(fabric, stats, *reduce_args):
    """All-reduce every scalar of ``stats``; the extra arguments go on to ``fabric.all_reduce`` (group, reduce_op)."""
    out = {}
    for name, value in stats.items():
        out[name] = fabric.all_reduce(torch.tensor(value, device=fabric.device), *reduce_args).item()
    return out


@torch.no_grad()
def validate(fabric, model):
    x, y = days(64, seed=1234)
    err = (model(x.to(fabric.device)) - y.to(fabric.device)).abs()
    report = reduce_stats(fabric, {"mae": err.mean().item()}, None, "mean")
    report.update(reduce_stats(fabric, {"worst": err.max().item()}, None, "mean"))
    return report


def train(fabric):
    model = fabric.setup_module(Forecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(STEPS):
        x, y = days(32, seed=step)
        loss = F.mse_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.print(validate(fabric, model))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(train)
