from .base import Engine


class CudaEngine(Engine, name="cuda"):
    accelerator = "cuda"
    precision = "bf16-mixed"

    def make_strategy(self):
        return "ddp"
