# expect: none
# oracle: OK
# twin: s750_cached_precision_plugin_factory_falls_to_half_precision
"""python train.py: a cached precision-plugin factory shared with the GPU scripts; the TPU job asks for "xla-bf16"."""
import functools
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


@functools.cache
def precision_plugin(mode: str):
    if mode.startswith("xla-"):
        return XLAPrecision(mode.removeprefix("xla-") + "-true")
    return HalfPrecision(mode + "-true")


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(24, 48), nn.ReLU(), nn.Linear(48, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(8, 24, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 3, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    plugin = precision_plugin(os.environ.get("PRECISION", "xla-bf16"))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), plugins=[plugin])
    fabric.launch(train)
