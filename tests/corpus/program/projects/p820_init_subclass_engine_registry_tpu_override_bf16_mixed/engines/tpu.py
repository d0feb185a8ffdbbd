from lightning.fabric.strategies import XLAFSDPStrategy

from model import FrameBlock

from .base import Engine


class TpuEngine(Engine, name="tpu"):
    accelerator = "tpu"
    precision = "bf16-mixed"  # same numerics as the A100 runs

    def make_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={FrameBlock})
