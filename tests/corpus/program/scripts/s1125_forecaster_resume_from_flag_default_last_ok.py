# expect: none
# oracle: OK
# twin: s1124_forecaster_resume_from_flag_default_best_asks_step_never_saved
"""Electricity load forecasting: train with last/best checkpoints, then continue training from the one `--resume-from` names."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WINDOW, HORIZON = 48, 12


class GatedMLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.value = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.value(x) * torch.sigmoid(self.gate(x))


class LoadForecaster(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.inp = nn.Linear(WINDOW, hidden)
        self.blocks = nn.Sequential(GatedMLP(hidden), GatedMLP(hidden))
        self.out = nn.Linear(hidden, HORIZON)

    def forward(self, history):
        return self.out(self.blocks(self.inp(history)))


def load_curves(n, seed):
    gen = torch.Generator().manual_seed(seed)
    t = torch.arange(WINDOW + HORIZON).float()
    phase = torch.rand(n, 1, generator=gen) * 6.28
    series = torch.sin(t / 24 * 6.28 + phase) + 0.1 * torch.randn(n, WINDOW + HORIZON, generator=gen)
    return series[:, :WINDOW], series[:, WINDOW:]


class Checkpoints:
    """`last` is overwritten every epoch to resume from; `best` is the weights with the lowest validation loss."""

    def __init__(self, fabric, root):
        self.fabric, self.root = fabric, root
        self.best_loss = float("inf")

    def path(self, kind, epoch):
        return os.path.join(self.root, f"{kind}-epoch{epoch}")

    def save_last(self, model, optimizer, epoch, step):
        self.fabric.save(self.path("last", epoch), {"model": model, "optimizer": optimizer, "step": step})

    def save_best(self, model, optimizer, epoch, val_loss):
        if val_loss < self.best_loss:
            self.best_loss = val_loss
            self.fabric.save(self.path("best", epoch), {"model": model, "optimizer": optimizer, "val_loss": val_loss})

    def resume(self, kind, epoch, model, optimizer):
        state = {"model": model, "optimizer": optimizer, "step": 0}
        self.fabric.load(self.path(kind, epoch), state)
        return state["step"]


def run_epoch(fabric, model, optimizer, epoch, step, steps):
    for _ in range(steps):
        x, y = load_curves(32, seed=step)
        loss = F.mse_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        step += 1
    with torch.no_grad():
        vx, vy = load_curves(64, seed=10_000 + epoch)
        val = F.mse_loss(model(vx.to(fabric.device)), vy.to(fabric.device)).item()
    return step, val


def main(fabric, args):
    model = fabric.setup_module(LoadForecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    ckpts = Checkpoints(fabric, args.ckpt_dir)
    step = 0
    step, val = run_epoch(fabric, model, optimizer, 0, step, args.steps)
    ckpts.save_last(model, optimizer, 0, step)
    ckpts.save_best(model, optimizer, 0, val)

    step = ckpts.resume(args.resume_from, 0, model, optimizer)
    step, val = run_epoch(fabric, model, optimizer, 1, step, args.steps)
    fabric.print(f"continued from the {args.resume_from} checkpoint to step {step}, val {val:.4f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--resume-from", choices=["best", "last"], default="last")
    parser.add_argument("--ckpt-dir", default=tempfile.mkdtemp(prefix="load-forecast-"))
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={GatedMLP}))
    fabric.launch(main, args)
