# expect: none
# oracle: OK
# twin: s1192_traffic_forecaster_smoke_runner_from_config_cpu_accelerator
"""Road-traffic forecaster (GRU over sensor readings); runners are built with `from_config`, and a smoke-test subclass shortens the run."""
import dataclasses

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SENSORS, HISTORY = 8, 24


@dataclasses.dataclass(frozen=True)
class RunConfig:
    hidden: int = 32
    steps: int = 20
    lr: float = 1e-3


class SensorEncoder(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gru = nn.GRU(SENSORS, hidden, batch_first=True)

    def forward(self, x):
        _, h = self.gru(x)
        return h[-1]


class TrafficForecaster(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.encoder = SensorEncoder(hidden)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, SENSORS))

    def forward(self, history):
        return self.head(self.encoder(history))


def rush_hour_windows(n):
    t = torch.arange(HISTORY + 1).float()
    phase = torch.rand(n, 1, 1) * 6.28
    flow = torch.sin(t[None, :, None] / 4 + phase) + 0.05 * torch.randn(n, HISTORY + 1, SENSORS)
    return flow[:, :HISTORY], flow[:, HISTORY]


class Runner:
    accelerator = "tpu"
    devices = 8  # one v4-8 host

    def __init__(self, config, fabric):
        self.config = config
        self.fabric = fabric

    @classmethod
    def from_config(cls, config):
        strategy = XLAFSDPStrategy(auto_wrap_policy={SensorEncoder})
        return cls(config, Fabric(accelerator=cls.accelerator, devices=cls.devices, strategy=strategy))

    def train(self, fabric):
        cfg = self.config
        model = fabric.setup_module(TrafficForecaster(cfg.hidden))
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
        for step in range(cfg.steps):
            history, target = fabric.to_device(rush_hour_windows(16))
            loss = F.l1_loss(model(history), target)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"{type(self).__name__}: final mae {loss.item():.4f}")

    def run(self):
        self.fabric.launch(self.train)


class SmokeTestRunner(Runner):
    """A few steps on a small model before the real job gets queued."""

    @classmethod
    def from_config(cls, config):
        return super().from_config(dataclasses.replace(config, hidden=8, steps=2))


if __name__ == "__main__":
    SmokeTestRunner.from_config(RunConfig()).run()
