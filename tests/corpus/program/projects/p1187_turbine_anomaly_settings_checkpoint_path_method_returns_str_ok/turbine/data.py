"""Healthy spectra: a few harmonics of the shaft speed with noise."""
import torch

from turbine.model import BINS


def spectra(n, seed):
    gen = torch.Generator().manual_seed(seed)
    freq = torch.arange(BINS).float()
    shaft = 3 + torch.rand(n, 1, generator=gen) * 2
    peaks = sum(torch.exp(-((freq - k * shaft) ** 2) / 2) / k for k in (1, 2, 3))
    return peaks + 0.02 * torch.rand(n, BINS, generator=gen)
