"""The language-model trainer: half-precision weights, as on the GPU cluster."""
from lightning.fabric.plugins import HalfPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

from .base import Trainer


class LMTrainer(Trainer):
    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, precision=HalfPrecision(self.precision))
