"""Saves a sharded checkpoint of the model every `every` steps."""
from callbacks.base import Callback


class CheckpointMixin:
    every = 1
    directory = "checkpoints"

    def on_train_batch_end(self, fabric, model, step, **kwargs):
        if (step + 1) % self.every == 0:
            fabric.save(f"{self.directory}/step-{step}", {"model": model, "step": step})
        super().on_train_batch_end(fabric=fabric, model=model, step=step, **kwargs)


class PeriodicCheckpoint(CheckpointMixin, Callback):
    def __init__(self, every=1, directory="checkpoints"):
        self.every = every
        self.directory = directory
