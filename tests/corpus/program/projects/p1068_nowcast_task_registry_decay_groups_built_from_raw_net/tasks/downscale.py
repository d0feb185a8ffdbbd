"""Downscaling: a coarse precipitation grid refined to 8x8 cells."""
import torch

from . import register_task
from .blocks import GridForecaster


@register_task("downscale")
def downscale(lr=1e-3):
    net = GridForecaster(cells=64)
    return net, lambda module: torch.optim.Adam(module.parameters(), lr=lr)
