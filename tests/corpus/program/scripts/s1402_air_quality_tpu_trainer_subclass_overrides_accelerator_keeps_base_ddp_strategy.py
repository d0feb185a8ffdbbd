# expect: LXF033
# oracle: RAISED ValueError: The `XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. Found DDPSt
"""PM2.5 forecaster (dilated causal convolutions over the last 48 hours of six sensor channels); the GPU trainer's class attributes are the
defaults, and the TPU trainer subclass overrides what differs on the TPU VM."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn

CHANNELS = ("pm25", "pm10", "no2", "o3", "temp", "humidity")


class SensorEncoder(nn.Module):
    """Dilated causal convolutions over the hours; the last step summarises the window."""

    def __init__(self, n_in, hidden):
        super().__init__()
        self.proj = nn.Conv1d(n_in, hidden, 1)
        self.temporal = nn.ModuleList([nn.Conv1d(hidden, hidden, 2, dilation=d) for d in (1, 2, 4, 8)])

    def forward(self, x):
        h = self.proj(x.transpose(1, 2))
        for conv in self.temporal:
            h = h + F.gelu(conv(F.pad(h, (conv.dilation[0], 0))))
        return h[..., -1]


class PM25Forecaster(nn.Module):
    def __init__(self, hidden=32, horizon=6):
        super().__init__()
        self.encoder = SensorEncoder(len(CHANNELS), hidden)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, horizon))

    def forward(self, x):
        return self.head(self.encoder(x))


def sensor_windows(n, history=48, horizon=6, seed=0):
    """Daily cycle plus noise; the target is the next `horizon` hours of pm25."""
    gen = torch.Generator().manual_seed(seed)
    t0 = torch.rand(n, 1, generator=gen) * 24
    hours = t0 + torch.arange(history + horizon)
    base = 30 + 12 * torch.sin(2 * math.pi * hours / 24)
    series = base[..., None] * torch.linspace(0.5, 1.5, len(CHANNELS))
    series = series + 2 * torch.randn(series.shape, generator=gen)
    return series[:, :history] / 50, series[:, history:, 0] / 50


class GPUTrainer:
    """What the team runs on the A100 box."""

    accelerator = "cuda"
    devices = 4
    strategy = "ddp"
    precision = "bf16-mixed"
    steps = 3
    lr = 1e-3
    batch_size = 32

    def __init__(self, **overrides):
        for name, value in overrides.items():
            setattr(self, name, value)
        self.fabric = Fabric(
            accelerator=self.accelerator, devices=self.devices, strategy=self.strategy, precision=self.precision
        )

    def configure(self, fabric):
        model = fabric.setup_module(PM25Forecaster())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=self.lr))
        return model, optimizer

    def loop(self, fabric):
        model, optimizer = self.configure(fabric)
        for step in range(self.steps):
            x, y = sensor_windows(self.batch_size, seed=step)
            loss = F.smooth_l1_loss(model(x.to(fabric.device)), y.to(fabric.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: huber {loss.item():.4f}")

    def fit(self):
        self.fabric.launch(self.loop)


class TPUTrainer(GPUTrainer):
    """Same run on a v4-8 TPU VM: all cores, fp32 (the bf16 run is still being validated)."""

    accelerator = "tpu"
    devices = "auto"
    precision = "32-true"


TRAINERS = {"gpu": GPUTrainer, "tpu": TPUTrainer}


if __name__ == "__main__":
    trainer = TRAINERS["tpu"](steps=2)
    trainer.fit()
