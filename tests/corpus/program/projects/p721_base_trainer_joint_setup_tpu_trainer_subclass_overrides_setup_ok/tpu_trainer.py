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

    def setup(self, model):
        # XLA FSDP flattens the parameters: the optimizer must be built on the sharded module
        model = self.fabric.setup_module(model)
        optimizer = self.fabric.setup_optimizers(self.configure_optimizer(model))
        return model, optimizer
