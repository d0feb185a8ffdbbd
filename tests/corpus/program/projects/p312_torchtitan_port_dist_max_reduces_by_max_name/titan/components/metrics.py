import time


class MetricsProcessor:
    def __init__(self, fabric, log_freq: int):
        self.fabric = fabric
        self.log_freq = log_freq
        self.time_last_log = time.perf_counter()

    def should_log(self, step: int) -> bool:
        return step == 1 or step % self.log_freq == 0

    def log(self, step: int, global_avg_loss: float, global_max_loss: float, grad_norm: float):
        elapsed = time.perf_counter() - self.time_last_log
        self.fabric.print(
            f"step: {step:2}  loss: {global_avg_loss:7.4f}  max loss: {global_max_loss:7.4f}  "
            f"grad_norm: {grad_norm:7.4f}  elapsed: {elapsed:.2f}s"
        )
        self.time_last_log = time.perf_counter()
