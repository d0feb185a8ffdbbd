from lightning.fabric.strategies import XLAFSDPStrategy

from model import FrameBlock

from .base import Engine


class TpuEngine(Engine, name="tpu"):
    accelerator = "tpu"
    precision = "bf16-true"  # XLA has no autocast mixed mode: bf16 weights and compute

    def make_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={FrameBlock})
