"""Keeps the best value of one validation metric across epochs, agreed on by every replica."""
import math

from .base import Callback


class BestMetric(Callback):
    def __init__(self, monitor="val_loss", mode="min"):
        if mode not in ("min", "max"):
            raise ValueError(f"mode must be 'min' or 'max', got {mode!r}")
        self.monitor = monitor
        self.mode = mode
        self.best = -math.inf if mode == "max" else math.inf

    @property
    def reduce_op(self):
        # every replica must agree on the value before comparing it with the best one
        return self.mode

    def improved(self, value):
        return value > self.best if self.mode == "max" else value < self.best

    def on_validation_end(self, fabric, model, metrics):
        value = fabric.all_reduce(metrics[self.monitor], reduce_op=self.reduce_op).item()
        if self.improved(value):
            self.best = value
            fabric.print(f"new best {self.monitor}: {value:.4f}")
