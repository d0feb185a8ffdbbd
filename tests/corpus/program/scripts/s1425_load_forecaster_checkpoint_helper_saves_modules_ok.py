# expect: none
# oracle: OK
# twin: s1424_load_forecaster_checkpoint_helper_saves_state_dicts
"""Temporal-convolution forecaster for hourly electricity load (synthetic daily/weekly seasonality), with a checkpoint every N steps."""
import argparse
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lookback", type=int, default=48)
    parser.add_argument("--horizon", type=int, default=12)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--ckpt-every", type=int, default=2)
    parser.add_argument("--out-dir", default=None)
    return parser.parse_args()


class CausalConvBlock(nn.Module):
    def __init__(self, channels, dilation):
        super().__init__()
        self.pad = 2 * dilation
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, dilation=dilation)
        self.norm = nn.GroupNorm(4, channels)

    def forward(self, x):
        out = self.conv(F.pad(x, (self.pad, 0)))
        return x + F.gelu(self.norm(out))


class LoadForecaster(nn.Module):
    def __init__(self, lookback, horizon, channels):
        super().__init__()
        self.inp = nn.Conv1d(2, channels, kernel_size=1)  # load + hour-of-day feature
        self.blocks = nn.Sequential(*[CausalConvBlock(channels, d) for d in (1, 2, 4)])
        self.out = nn.Linear(channels * lookback, horizon)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)).flatten(1))


def synthetic_load(batch, lookback, horizon, generator):
    start = torch.randint(0, 24 * 7, (batch, 1), generator=generator)
    t = start + torch.arange(lookback + horizon)
    load = 1.0 + 0.4 * torch.sin(2 * torch.pi * t / 24) + 0.1 * torch.sin(2 * torch.pi * t / (24 * 7))
    load = load + 0.05 * torch.randn(load.shape, generator=generator)
    hour = (t % 24).float() / 24
    x = torch.stack([load[:, :lookback], hour[:, :lookback]], dim=1)
    return x, load[:, lookback:]


def save_checkpoint(fabric, out_dir, step, model, optimizer):
    path = os.path.join(out_dir, f"forecaster-step{step:05d}")
    checkpoint = {
        "model": model,
        "optimizer": optimizer,
        "step": step,
    }
    fabric.save(path, checkpoint)
    return path


def train(fabric, args):
    generator = torch.Generator().manual_seed(1234 + fabric.global_rank)
    model = fabric.setup_module(LoadForecaster(args.lookback, args.horizon, args.channels))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-2))
    for step in range(1, args.steps + 1):
        x, y = synthetic_load(32, args.lookback, args.horizon, generator)
        x, y = fabric.to_device((x, y))
        loss = F.l1_loss(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        fabric.print(f"step {step}: MAE {loss.item():.4f}")
        if step % args.ckpt_every == 0:
            path = save_checkpoint(fabric, args.out_dir, step, model, optimizer)
            fabric.print(f"  checkpoint -> {path}")


if __name__ == "__main__":
    args = get_args()
    args.out_dir = args.out_dir or tempfile.mkdtemp(prefix="load-forecast-")
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={CausalConvBlock}))
    fabric.launch(train, args)
