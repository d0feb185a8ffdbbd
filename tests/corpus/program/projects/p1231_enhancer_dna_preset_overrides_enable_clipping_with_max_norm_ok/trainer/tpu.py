from lightning.fabric.strategies import XLAFSDPStrategy

from model import ConvMotifBlock

from .base import BaseTrainer
from .mixins import GradClipMixin


class TPUTrainer(GradClipMixin, BaseTrainer):
    @classmethod
    def configure_strategy(cls, cfg):
        return XLAFSDPStrategy(auto_wrap_policy={ConvMotifBlock})
