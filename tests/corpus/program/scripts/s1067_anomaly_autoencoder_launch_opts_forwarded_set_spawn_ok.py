# expect: none
# oracle: OK
# twin: s1066_anomaly_autoencoder_launch_opts_forwarded_leave_spawn_default_false
"""Sensor anomaly detection: a 1-D autoencoder learns normal vibration windows; a shared `start` helper runs the job."""
import math

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

WINDOW = 64


class Encoder(nn.Module):
    def __init__(self, width=WINDOW, code=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(width, 32), nn.Tanh(), nn.Linear(32, code))

    def forward(self, x):
        return self.net(x)


class Decoder(nn.Module):
    def __init__(self, width=WINDOW, code=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(code, 32), nn.Tanh(), nn.Linear(32, width))

    def forward(self, z):
        return self.net(z)


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder, self.decoder = Encoder(), Decoder()

    def forward(self, x):
        return self.decoder(self.encoder(x))


def vibration_windows(n, anomalous=0.0):
    t = torch.linspace(0, 4 * math.pi, WINDOW)
    phase = torch.rand(n, 1) * 2 * math.pi
    x = torch.sin(t + phase) + 0.05 * torch.randn(n, WINDOW)
    spikes = torch.rand(n, 1) < anomalous
    return x + spikes * 2.0 * (torch.rand(n, WINDOW) > 0.95)


def start(fabric, fn, *args, spawn=False):
    """Interactive strategies run `fn` here after `launch()`; spawning ones hand `fn` to `launch`."""
    if spawn:
        return fabric.launch(fn, *args)
    fabric.launch()
    return fn(fabric, *args)


def run_job(fabric, fn, *args, **launch_opts):
    fabric.seed_everything(launch_opts.pop("seed", 0))
    return start(fabric, fn, *args, **launch_opts)


def train(fabric, steps):
    model = fabric.setup_module(AutoEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = vibration_windows(32).to(fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: reconstruction {loss.item():.4f}")
    with torch.no_grad():
        probe = vibration_windows(16, anomalous=0.5).to(fabric.device)
        scores = (model(probe) - probe).pow(2).mean(dim=1)
    fabric.print(f"anomaly scores: min {scores.min().item():.3f} max {scores.max().item():.3f}")


def main(**opts):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Encoder, Decoder}))
    return run_job(fabric, train, 3, **opts)


if __name__ == "__main__":
    main(seed=7, spawn=True)
