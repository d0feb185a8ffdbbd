"""Prints progress; the hooks take only what they print."""
import time


class ConsoleLogger:
    def __init__(self, every=1):
        self.every = every
        self._start = None

    def on_train_start(self, fabric, **_):
        self._start = time.perf_counter()

    def on_validation_end(self, fabric, epoch, metrics, **_):
        if epoch % self.every == 0:
            fabric.print(f"epoch {epoch}: " + ", ".join(f"{k}={v:.4f}" for k, v in metrics.items()))

    def on_train_end(self, fabric, **_):
        fabric.print(f"training took {time.perf_counter() - self._start:.1f}s")
