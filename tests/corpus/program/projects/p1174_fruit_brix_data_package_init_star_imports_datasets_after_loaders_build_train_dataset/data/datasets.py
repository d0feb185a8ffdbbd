"""Near-infrared spectra of fruit with their sugar content (degrees Brix), synthesised for the smoke runs."""
import torch
from torch.utils.data import Dataset

__all__ = ["SpectraDataset", "build_train"]

WAVELENGTHS = 64


class SpectraDataset(Dataset):
    def __init__(self, n: int, seed: int = 0):
        gen = torch.Generator().manual_seed(seed)
        self.brix = 8 + 10 * torch.rand(n, generator=gen)
        bands = torch.linspace(0, 1, WAVELENGTHS)
        peak = torch.exp(-((bands - 0.6) ** 2) / 0.01)
        self.spectra = 0.5 + self.brix[:, None] / 40 * peak + 0.02 * torch.randn(n, WAVELENGTHS, generator=gen)

    def __len__(self):
        return len(self.brix)

    def __getitem__(self, i):
        return self.spectra[i], self.brix[i]


def build_train(n: int = 64) -> SpectraDataset:
    return SpectraDataset(n, seed=0)
