# expect: none
# oracle: OK
# twin: s1384_crop_segmenter_partial_chain_pod_factory_on_fp32_base_adds_xla_plugin
"""Crop/weed segmentation (tiny U-Net-ish net on synthetic 32x32 field tiles); Fabric factories are built up as a chain of `functools.partial`s."""
import functools
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ConvBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.SiLU())

    def forward(self, x):
        return self.body(x)


class TinySeg(nn.Module):
    def __init__(self, classes=3, width=16):
        super().__init__()
        self.down = ConvBlock(3, width)
        self.mid = ConvBlock(width, width * 2)
        self.up = ConvBlock(width * 3, width)
        self.head = nn.Conv2d(width, classes, 1)

    def forward(self, x):
        d = self.down(x)
        m = self.mid(F.max_pool2d(d, 2))
        u = self.up(torch.cat([d, F.interpolate(m, scale_factor=2.0)], dim=1))
        return self.head(u)


# --- fabric factories ---------------------------------------------------------------------------
tpu_fabric = functools.partial(Fabric, accelerator="tpu", devices="auto")
fp32_fabric = functools.partial(tpu_fabric, precision="32-true")  # pinned so the loss curves stay comparable
sharded_fabric = functools.partial(tpu_fabric, strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))


def with_plugins(factory, *plugins):
    return functools.partial(factory, plugins=list(plugins))


# on pods the precision goes in as an explicit plugin (one place to flip to bf16 later)
pod_fabric = with_plugins(sharded_fabric, XLAPrecision("32-true"))
FACTORIES = {"single": tpu_fabric, "fp32": fp32_fabric, "pod": pod_fabric}


def field_tiles(n, device):
    img = torch.rand(n, 3, 32, 32, device=device)
    greenness = img[:, 1] - 0.5 * (img[:, 0] + img[:, 2])
    mask = (greenness > 0.2).long() + (greenness > 0.45).long()
    return img, mask


def train(fabric, steps=3):
    model = fabric.setup_module(TinySeg())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    t0 = time.perf_counter()
    for step in range(steps):
        img, mask = field_tiles(8, fabric.device)
        loss = F.cross_entropy(model(img).float(), mask)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: ce {loss.item():.3f} ({time.perf_counter() - t0:.1f}s)")


if __name__ == "__main__":
    fabric = FACTORIES["pod"]()
    fabric.launch(train)
