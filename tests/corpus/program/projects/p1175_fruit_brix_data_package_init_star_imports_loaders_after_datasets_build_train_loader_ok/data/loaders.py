"""Batching of the spectra datasets."""
from torch.utils.data import DataLoader

from . import datasets

__all__ = ["build_train", "build_eval"]


def build_train(n: int = 64, batch_size: int = 16) -> DataLoader:
    return DataLoader(datasets.build_train(n), batch_size=batch_size, shuffle=True, drop_last=True)


def build_eval(n: int = 32, batch_size: int = 16) -> DataLoader:
    return DataLoader(datasets.SpectraDataset(n, seed=1), batch_size=batch_size)
