# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
"""Time-series forecaster whose run config is a YAML document kept in the script; the core count falls back with `or` when the YAML leaves it empty."""
import textwrap

import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

RUN_CONFIG = textwrap.dedent(
    """
    hardware:
      accelerator: tpu
      cores: 1          # bring-up on a single core before the full host
    model:
      window: 24
      horizon: 6
      width: 64
    optim:
      lr: 0.002
      steps: 2
    """
)


class Forecaster(nn.Module):
    def __init__(self, window, horizon, width):
        super().__init__()
        self.encode = nn.Sequential(nn.Linear(window, width), nn.GELU(), nn.Linear(width, width))
        self.decode = nn.Linear(width, horizon)

    def forward(self, history):
        return self.decode(self.encode(history))


def synthetic_series(batch, window, horizon, device):
    t = torch.arange(window + horizon, device=device, dtype=torch.float32)
    phase = torch.rand(batch, 1, device=device) * 6.28
    series = torch.sin(t / 4.0 + phase) + 0.05 * torch.randn(batch, window + horizon, device=device)
    return series[:, :window], series[:, window:]


def fabric_from(hw):
    devices = hw.get("cores") or "auto"
    return Fabric(accelerator=hw.get("accelerator", "auto"), devices=devices, strategy=XLAFSDPStrategy())


def fit(fabric, model_cfg, optim_cfg):
    model = fabric.setup_module(Forecaster(**model_cfg))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=optim_cfg["lr"]))
    for step in range(optim_cfg["steps"]):
        history, future = synthetic_series(16, model_cfg["window"], model_cfg["horizon"], fabric.device)
        loss = F.mse_loss(model(history), future)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    cfg = yaml.safe_load(RUN_CONFIG)
    fabric = fabric_from(cfg["hardware"])
    fabric.launch(fit, cfg["model"], cfg["optim"])
