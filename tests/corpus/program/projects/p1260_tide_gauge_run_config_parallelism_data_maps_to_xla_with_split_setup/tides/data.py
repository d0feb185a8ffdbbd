"""Synthetic tide-gauge records: a sum of tidal constituents plus a slow storm surge."""
import math

import torch

from tides.model import PERIODS_HOURS


def gauge_windows(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    n, total = cfg.batch_size, cfg.history_hours + cfg.horizon_hours
    start = torch.rand(n, 1, generator=gen) * 24 * 30
    hours = start + torch.arange(total)
    level = torch.zeros(n, total)
    for c in cfg.constituents:
        amp = 0.2 + torch.rand(n, 1, generator=gen)
        level += amp * torch.sin(2 * math.pi * hours / PERIODS_HOURS[c] + torch.rand(n, 1, generator=gen) * 6.28)
    level += 0.3 * torch.tanh((hours - start - 40) / 10) * torch.rand(n, 1, generator=gen)
    h = cfg.history_hours
    return level[:, :h], hours[:, h:], level[:, h:]
