# expect: none
# oracle: OK
# twin: s1308_air_quality_configure_global_pod_profile_adds_xla_plugin_keeps_precision
"""PM2.5 forecaster for a city sensor network; `configure()` rewrites the module-level run settings per profile."""
import argparse

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

# run settings, rewritten by configure()
PRECISION = "bf16-true"
PLUGINS: list = []
STEPS = 5
SENSORS = 10
HOURS = 12


class SensorBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


class PM25Forecaster(nn.Module):
    def __init__(self, dim: int = 48):
        super().__init__()
        self.inp = nn.Linear(SENSORS * HOURS, dim)
        self.blocks = nn.Sequential(SensorBlock(dim), SensorBlock(dim))
        self.out = nn.Linear(dim, SENSORS)

    def forward(self, readings):
        return self.out(self.blocks(self.inp(readings.flatten(1))))


def configure(profile: str) -> None:
    global PLUGINS, PRECISION, STEPS
    if profile == "pod":
        # spell the plugin out so the profiler sees the same object on every host
        PLUGINS = [XLAPrecision(PRECISION)]
        PRECISION = None  # the plugin carries it now
        STEPS = 3


def readings(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    series = 35 + 10 * torch.rand(batch, SENSORS, 1, generator=gen) + torch.randn(batch, SENSORS, HOURS + 1, generator=gen)
    return series[..., :HOURS], series[..., HOURS]


def train(fabric):
    model = fabric.setup_module(PM25Forecaster())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(STEPS):
        past, nxt = readings(8, seed=step)
        pred = model(past.to(fabric.device))
        loss = F.mse_loss(pred.float(), nxt.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", default="pod", choices=["pod", "local"])
    args = parser.parse_args(argv)
    configure(args.profile)
    fabric = Fabric(
        accelerator="tpu",
        precision=PRECISION,
        plugins=PLUGINS,
        strategy=XLAFSDPStrategy(auto_wrap_policy={SensorBlock}),
    )
    fabric.launch(train)


if __name__ == "__main__":
    main()
