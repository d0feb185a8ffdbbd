"""The block net's trainer: FSDP units chosen by size, not by class."""
from lightning.fabric.strategies import XLAFSDPStrategy

from ..models import Net
from ..utils.policies import min_params_policy
from .base import BaseTrainer, FSDPMixin


class BlockNetTrainer(FSDPMixin, BaseTrainer):
    min_num_params = 1_000

    def build_model(self):
        return Net(depth=2)

    def configure_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=min_params_policy(self.min_num_params))
