# expect: none
# oracle: OK
# twin: s1262_crop_yield_timed_decorator_forwards_positionals_only_to_restore
"""Crop-yield regression from per-field satellite band statistics; checkpoint helpers are wrapped by a `@timed` decorator that logs how long they take."""
import functools
import tempfile
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

BANDS = 12  # Sentinel-2 bands, mean over each field and each month
MONTHS = 6


class YieldRegressor(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.per_month = nn.Linear(BANDS, hidden)
        self.head = nn.Sequential(nn.Linear(MONTHS * hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, series):
        h = torch.relu(self.per_month(series)).flatten(1)
        return self.head(h).squeeze(-1)


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        print(f"[timed] {fn.__name__} took {time.perf_counter() - start:.2f}s")
        return result

    return wrapper


@timed
def save_checkpoint(fabric, path, state):
    fabric.save(path, state)


@timed
def restore_checkpoint(fabric, path, state=None):
    return fabric.load(path, state)


def fields(n, device):
    series = torch.rand(n, MONTHS, BANDS, device=device)
    yields = series[:, -3:, 7].mean(dim=1) * 8.0  # NIR band late in the season
    return series, yields


def fit(fabric, model, optimizer, steps):
    for _ in range(steps):
        series, yields = fields(16, fabric.device)
        loss = F.mse_loss(model(series), yields)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def run(fabric):
    model = fabric.setup_module(YieldRegressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    ckpt_dir = fabric.broadcast(tempfile.mkdtemp(prefix="yield-") if fabric.global_rank == 0 else None)
    state = {"model": model, "optimizer": optimizer, "season": 2023}

    loss = fit(fabric, model, optimizer, steps=2)
    save_checkpoint(fabric, f"{ckpt_dir}/season-2023", state)
    fabric.print(f"season 2023 loss {loss:.4f}, saved")

    restore_checkpoint(fabric, f"{ckpt_dir}/season-2023", state=state)
    loss = fit(fabric, model, optimizer, steps=2)
    fabric.print(f"resumed from season {state['season']}, loss {loss:.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(run)
