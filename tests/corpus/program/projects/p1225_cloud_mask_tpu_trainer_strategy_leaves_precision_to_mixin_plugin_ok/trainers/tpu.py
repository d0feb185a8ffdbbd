"""The TPU trainer: XLA FSDP over the conv stages, precision from the mixin."""
from lightning.fabric.strategies import XLAFSDPStrategy

from mixins.precision import XLAPrecisionMixin
from model import ConvStage
from trainers.base import BaseTrainer, register


@register("tpu")
class TPUTrainer(XLAPrecisionMixin, BaseTrainer):
    accelerator = "tpu"

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={ConvStage})
