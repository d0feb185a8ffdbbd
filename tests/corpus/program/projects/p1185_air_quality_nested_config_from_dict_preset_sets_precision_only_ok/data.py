"""Synthetic sensor series: a daily cycle plus station offsets and noise."""
import torch

from model import HISTORY, STATIONS


def readings(n, horizon, seed):
    gen = torch.Generator().manual_seed(seed)
    start = torch.rand(n, 1, 1, generator=gen) * 24
    hours = start + torch.arange(HISTORY + horizon).view(1, -1, 1)
    offset = torch.linspace(0.8, 1.2, STATIONS).view(1, 1, -1)
    series = offset * (1 + 0.5 * torch.sin(hours / 24 * 2 * torch.pi)) + 0.05 * torch.randn(n, HISTORY + horizon, STATIONS, generator=gen)
    return series[:, :HISTORY], series[:, HISTORY:]
