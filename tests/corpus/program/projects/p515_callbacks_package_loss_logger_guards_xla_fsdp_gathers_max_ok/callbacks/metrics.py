"""Callbacks the loop fires with `fabric.call`."""
import torch
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: F401


class LossLogger:
    """Logs the worst replica's mean loss at the end of each epoch."""

    def __init__(self, reduce_op: str = "max"):
        self.reduce_op = reduce_op
        self.losses = []

    def on_train_batch_end(self, loss):
        self.losses.append(loss.detach())

    def on_train_epoch_end(self, fabric):
        mean = torch.stack(self.losses).mean()
        if isinstance(fabric.strategy, XLAFSDPStrategy):  # XLA FSDP reduces by sum or mean only
            worst = fabric.all_gather(mean).max()
        else:
            worst = fabric.all_reduce(mean, reduce_op=self.reduce_op)
        fabric.print(f"epoch loss (worst replica): {worst.item():.4f}")
        self.losses.clear()
