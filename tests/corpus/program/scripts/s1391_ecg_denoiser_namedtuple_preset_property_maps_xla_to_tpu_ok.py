# expect: none
# oracle: OK
# twin: s1390_ecg_denoiser_namedtuple_preset_property_passes_torch_device_type_xla
"""ECG baseline-wander denoiser (small 1-D autoencoder); hardware presets are `NamedTuple`s holding a `Device` enum of torch device types."""
import enum
import sys
from typing import NamedTuple, Union

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Device(str, enum.Enum):
    """torch device types, as `torch.device(...)` spells them."""

    CPU = "cpu"
    GPU = "cuda"
    TPU = "xla"


class Preset(NamedTuple):
    device: Device
    cores: Union[int, str]
    batch: int
    steps: int = 3

    @property
    def accelerator(self) -> str:
        return "tpu" if self.device is Device.TPU else self.device.value  # Lightning calls xla "tpu"

    @property
    def sharded(self) -> bool:
        return self.device is Device.TPU


PRESETS = {
    "laptop": Preset(Device.CPU, 1, 8, steps=2),
    "a100": Preset(Device.GPU, 1, 64),
    "v3-8": Preset(Device.TPU, "auto", 32),
}


class DownUp(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.down = nn.Conv1d(c, c * 2, 5, stride=2, padding=2)
        self.up = nn.ConvTranspose1d(c * 2, c, 4, stride=2, padding=1)

    def forward(self, x):
        return x + self.up(F.gelu(self.down(x)))


class Denoiser(nn.Module):
    def __init__(self, c=16):
        super().__init__()
        self.inp = nn.Conv1d(1, c, 7, padding=3)
        self.body = nn.Sequential(DownUp(c), DownUp(c))
        self.out = nn.Conv1d(c, 1, 7, padding=3)

    def forward(self, x):
        return self.out(self.body(F.gelu(self.inp(x))))


def ecg_pairs(n, device, length=256):
    t = torch.linspace(0, 4, length, device=device)
    beats = torch.exp(-((t[None] * 2.5 % 1 - 0.3) ** 2) / 0.002) * (1 + 0.1 * torch.randn(n, 1, device=device))
    wander = 0.5 * torch.sin(0.7 * t[None] + torch.rand(n, 1, device=device) * 6.28)
    clean = beats[:, None]
    return clean + wander[:, None] + 0.05 * torch.randn_like(clean), clean


def train(fabric, preset: Preset):
    model = fabric.setup_module(Denoiser())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(preset.steps):
        noisy, clean = ecg_pairs(preset.batch, fabric.device)
        loss = F.l1_loss(model(noisy), clean)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: l1 {loss.item():.4f}")


if __name__ == "__main__":
    preset = PRESETS[sys.argv[1] if len(sys.argv) > 1 else "v3-8"]
    strategy = XLAFSDPStrategy(auto_wrap_policy={DownUp}) if preset.sharded else "auto"
    fabric = Fabric(accelerator=preset.accelerator, devices=preset.cores, strategy=strategy)
    fabric.launch(train, preset)
