# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""Run config is a frozen dataclass whose __post_init__ expands short precision aliases; the TPU preset is a dataclasses.replace of the base."""
import dataclasses
from typing import NamedTuple, Union

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

# Short names people type on the command line, expanded to Lightning's precision strings.
PRECISION_ALIASES = {"fp32": "32-true", "bf16": "bf16-mixed", "fp16": "16-mixed"}


class Hardware(NamedTuple):
    accelerator: str
    devices: Union[int, str]


@dataclasses.dataclass(frozen=True)
class RunConfig:
    hardware: Hardware = Hardware("tpu", "auto")
    precision: str = "fp32"
    lr: float = 1e-3
    steps: int = 2

    def __post_init__(self):
        object.__setattr__(self, "precision", PRECISION_ALIASES.get(self.precision, self.precision))


BASE = RunConfig()
TPU_BF16 = dataclasses.replace(BASE, precision="bf16", lr=5e-4)


class Autoencoder(nn.Module):
    def __init__(self, dim=64, code=8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, code))
        self.decoder = nn.Sequential(nn.Linear(code, 32), nn.ReLU(), nn.Linear(32, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def fit(fabric, cfg):
    model = fabric.setup_module(Autoencoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        x = torch.randn(16, 64, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"[{cfg.precision}] step {step}: {loss.item():.4f}")


def make_fabric(cfg):
    hw = cfg.hardware
    return Fabric(accelerator=hw.accelerator, devices=hw.devices, precision=cfg.precision, strategy=XLAFSDPStrategy())


if __name__ == "__main__":
    cfg = TPU_BF16
    make_fabric(cfg).launch(fit, cfg)
