"""TPU variant of the trainer: XLA FSDP sharding, one Block per FSDP unit."""
from lightning.fabric.strategies import XLAFSDPStrategy

from base_trainer import Trainer
from model import Block


class TPUTrainer(Trainer):
    def __init__(self, **kwargs):
        kwargs.setdefault("accelerator", "tpu")
        super().__init__(**kwargs)

    def configure_strategy(self, strategy):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
