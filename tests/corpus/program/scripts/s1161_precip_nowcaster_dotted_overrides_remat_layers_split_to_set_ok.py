# expect: none
# oracle: OK
# twin: s1160_precip_nowcaster_dotted_overrides_remat_layers_split_to_list
"""Precipitation nowcaster (mixer MLP over radar frames) on TPU: defaults plus `section.key=value` override strings."""
import copy

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class TemporalMix(nn.Module):
    def __init__(self, frames, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mix = nn.Linear(frames, frames)

    def forward(self, x):  # (B, frames, width)
        return x + self.mix(self.norm(x).transpose(1, 2)).transpose(1, 2)


class ChannelMix(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, 2 * width), nn.GELU(), nn.Linear(2 * width, width))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class Nowcaster(nn.Module):
    def __init__(self, frames=6, cells=64, width=48):
        super().__init__()
        self.embed = nn.Linear(cells, width)
        self.layers = nn.Sequential(TemporalMix(frames, width), ChannelMix(width), TemporalMix(frames, width), ChannelMix(width))
        self.head = nn.Linear(width, cells)

    def forward(self, past):
        return self.head(self.layers(self.embed(past))[:, -1])


LAYERS = {"TemporalMix": TemporalMix, "ChannelMix": ChannelMix}

DEFAULTS = {
    "fsdp": {"wrap": "TemporalMix,ChannelMix", "remat": ""},
    "data": {"frames": 6, "cells": 64, "batch": 8},
    "train": {"steps": 3, "lr": 1e-3},
}

# the long-context experiment: recompute both mixers in the backward pass to fit more frames
OVERRIDES = [
    "data.frames=8",
    "train.lr=0.002",
    "fsdp.remat=TemporalMix,ChannelMix",
]


def parse_value(text):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def apply_overrides(cfg, overrides):
    cfg = copy.deepcopy(cfg)
    for item in overrides:
        dotted, raw = item.split("=", 1)
        *parents, leaf = dotted.split(".")
        node = cfg
        for key in parents:
            node = node.setdefault(key, {})
        node[leaf] = parse_value(raw)
    return cfg


def layer_classes(spec):
    return [LAYERS[name.strip()] for name in spec.split(",") if name.strip()]


def build_strategy(fsdp_cfg):
    return XLAFSDPStrategy(
        auto_wrap_policy=set(layer_classes(fsdp_cfg["wrap"])),
        activation_checkpointing_policy=set(layer_classes(fsdp_cfg["remat"])),
    )


def radar_sequence(batch, frames, cells, seed):
    gen = torch.Generator().manual_seed(seed)
    drift = torch.cumsum(torch.randn(batch, frames + 1, cells, generator=gen) * 0.1, dim=1)
    return drift[:, :-1], drift[:, -1]


def train(fabric, cfg):
    data = cfg["data"]
    model = fabric.setup_module(Nowcaster(data["frames"], data["cells"]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["train"]["lr"]))
    for step in range(cfg["train"]["steps"]):
        past, future = radar_sequence(data["batch"], data["frames"], data["cells"], seed=step)
        loss = F.mse_loss(model(past.to(fabric.device)), future.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    cfg = apply_overrides(DEFAULTS, OVERRIDES)
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=build_strategy(cfg["fsdp"]))
    fabric.launch(train, cfg)
