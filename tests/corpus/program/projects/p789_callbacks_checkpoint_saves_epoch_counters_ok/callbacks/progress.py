import time


class ProgressPrinter:
    def __init__(self):
        self.t0 = None

    def on_fit_start(self, fabric, **_):
        self.t0 = time.monotonic()

    def on_epoch_end(self, fabric, epoch, loss, **_):
        fabric.print(f"epoch {epoch}  loss {loss:.4f}  {time.monotonic() - self.t0:.1f}s")
