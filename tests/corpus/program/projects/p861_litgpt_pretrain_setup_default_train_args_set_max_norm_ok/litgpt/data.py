"""Stands in for litgpt.data.TinyStories: fixed-length token windows (already tokenized)."""
from typing import Optional

import torch
from torch.utils.data import DataLoader, TensorDataset


class TinyStories:
    def __init__(self, num_train: int = 64, num_val: int = 16, seed: int = 42) -> None:
        self.num_train, self.num_val, self.seed = num_train, num_val, seed
        self.batch_size = 1
        self.max_seq_length = -1
        self.vocab_size: Optional[int] = None

    def connect(self, vocab_size: int, batch_size: int = 1, max_seq_length: int = -1) -> None:
        self.vocab_size = vocab_size
        self.batch_size = batch_size
        self.max_seq_length = max_seq_length + 1  # Increase by one because we need the next token as well

    def _windows(self, n: int, offset: int) -> TensorDataset:
        g = torch.Generator().manual_seed(self.seed + offset)
        return TensorDataset(torch.randint(0, self.vocab_size, (n, self.max_seq_length), generator=g))

    def train_dataloader(self) -> DataLoader:
        return DataLoader(self._windows(self.num_train, 0), batch_size=self.batch_size, shuffle=True, drop_last=True)

    def val_dataloader(self) -> DataLoader:
        return DataLoader(self._windows(self.num_val, 1), batch_size=self.batch_size, shuffle=False, drop_last=True)
