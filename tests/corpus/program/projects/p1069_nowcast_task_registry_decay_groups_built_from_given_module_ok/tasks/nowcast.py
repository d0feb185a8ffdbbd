"""Nowcasting: the next radar frame (8x8 cells) from the current one; biases and norms get no weight decay."""
import torch

from . import register_task
from .blocks import GridForecaster


def decay_groups(module, weight_decay):
    decay, no_decay = [], []
    for name, param in module.named_parameters():
        (no_decay if name.endswith(("bias", "norm.weight")) else decay).append(param)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


@register_task("nowcast")
def nowcast(lr=3e-3, weight_decay=0.01):
    net = GridForecaster(cells=64, depth=3)
    return net, lambda module: torch.optim.AdamW(decay_groups(module, weight_decay), lr=lr)
