"""The language-model trainer: half-precision weights, through the XLA precision plugin."""
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

from .base import Trainer


class LMTrainer(Trainer):
    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy, precision=XLAPrecision(self.precision))
