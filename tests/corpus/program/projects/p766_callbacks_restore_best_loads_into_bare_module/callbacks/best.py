"""Keeps a sharded snapshot of the best epoch and puts its weights back into the model when training ends."""
import math
import os


class RestoreBest:
    def __init__(self, dirpath="best", monitor="val_loss", mode="min"):
        self.dirpath = dirpath
        self.monitor = monitor
        self.sign = 1.0 if mode == "min" else -1.0
        self.best_score = math.inf
        self.best_path = None

    def on_validation_end(self, fabric, epoch, metrics, model, **_):
        score = self.sign * metrics[self.monitor]
        if score < self.best_score:
            self.best_score = score
            self.best_path = os.path.join(self.dirpath, f"epoch-{epoch:03d}")
            fabric.save(self.best_path, {"model": model})

    def on_train_end(self, fabric, model, **_):
        if self.best_path is None:
            return
        fabric.load(self.best_path, model)
        fabric.print(f"restored best weights from {self.best_path} ({self.monitor}={self.sign * self.best_score:.4f})")
