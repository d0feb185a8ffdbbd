# expect: LXF035
# oracle: RAISED ValueError: You selected an invalid accelerator name: `accelerator='xla'`. Available names are: auto, tpu, cuda, mps, cpu.
"""Patch-based image classifier (a ViT cut down to two blocks); hardware presets are `NamedTuple`s picked by pod type."""
from typing import NamedTuple, Union

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Hardware(NamedTuple):
    accelerator: str
    devices: Union[int, str] = "auto"
    precision: str = "bf16-true"


class ModelSpec(NamedTuple):
    image: int = 16
    patch: int = 4
    dim: int = 48
    depth: int = 2
    classes: int = 10


class Preset(NamedTuple):
    hardware: Hardware
    model: ModelSpec = ModelSpec()
    lr: float = 1e-3
    steps: int = 3


PRESETS = {
    "a100x8": Preset(Hardware(accelerator="cuda", precision="bf16-mixed")),
    "v4-8": Preset(Hardware(accelerator="xla")),
}


class MixerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class PatchClassifier(nn.Module):
    def __init__(self, spec: ModelSpec):
        super().__init__()
        self.patch = spec.patch
        self.embed = nn.Linear(spec.patch * spec.patch * 3, spec.dim)
        self.blocks = nn.Sequential(*(MixerBlock(spec.dim) for _ in range(spec.depth)))
        self.head = nn.Linear(spec.dim, spec.classes)

    def forward(self, images):
        b, c, h, w = images.shape
        p = self.patch
        patches = images.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * p * p)
        return self.head(self.blocks(self.embed(patches)).mean(dim=1))


def make_fabric(hw: Hardware):
    return Fabric(
        accelerator=hw.accelerator,
        devices=hw.devices,
        precision=hw.precision,
        strategy=XLAFSDPStrategy(auto_wrap_policy={MixerBlock}),
    )


def train(fabric, preset: Preset):
    model = fabric.setup_module(PatchClassifier(preset.model))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=preset.lr))
    for step in range(preset.steps):
        images = torch.randn(8, 3, preset.model.image, preset.model.image, device=fabric.device)
        labels = torch.randint(0, preset.model.classes, (8,), device=fabric.device)
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    preset = PRESETS["v4-8"]._replace(steps=2)
    fabric = make_fabric(preset.hardware)
    fabric.launch(train, preset)
