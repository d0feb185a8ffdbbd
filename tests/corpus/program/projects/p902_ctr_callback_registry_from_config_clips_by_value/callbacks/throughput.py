import time

from .registry import register_callback


@register_callback("throughput")
class Throughput:
    def __init__(self, log_every=10):
        self.log_every = log_every
        self.start = None

    def on_train_start(self, fabric):
        self.start = time.perf_counter()

    def on_train_batch_end(self, fabric, step, loss, batch_size):
        if (step + 1) % self.log_every == 0:
            rate = (step + 1) * batch_size / (time.perf_counter() - self.start)
            fabric.print(f"step {step}: loss {loss.item():.4f}, {rate:.0f} samples/s")
