"""Keeps the best checkpoint by a monitored validation metric, the way Lightning's ModelCheckpoint does."""
import os
import shutil

import torch


class BestCheckpoint:
    def __init__(self, dirpath: str, monitor: str = "val_loss", mode: str = "min", filename: str = "best"):
        if mode not in ("min", "max"):
            raise ValueError(f"mode must be 'min' or 'max', got {mode!r}")
        self.dirpath, self.monitor, self.mode, self.filename = dirpath, monitor, mode, filename
        self.best = float("inf") if mode == "min" else -float("inf")

    def _improved(self, value: float) -> bool:
        return value < self.best if self.mode == "min" else value > self.best

    def on_validation_end(self, fabric, state: dict, metrics: dict) -> bool:
        # every rank must agree on the value before deciding to write
        value = fabric.all_reduce(torch.tensor(metrics[self.monitor]), reduce_op="mean").item()
        if not self._improved(value):
            return False
        self.best = value
        path = os.path.join(self.dirpath, self.filename)
        if fabric.global_rank == 0 and os.path.isdir(path):
            shutil.rmtree(path)
        fabric.barrier()
        fabric.save(path, state)
        return True
