"""`StrategyBuilder`: spell an XLA FSDP strategy one choice at a time.

    StrategyBuilder().wrap(Attention, MLP).remat(MLP).state_dict("sharded").build()
"""
from lightning.fabric.strategies import XLAFSDPStrategy


class StrategyBuilder:
    def __init__(self):
        self._kwargs = {}

    def wrap(self, *layers):
        self._kwargs["auto_wrap_policy"] = set(layers)
        return self

    def remat(self, *layers):
        self._kwargs["activation_checkpointing_policy"] = set(layers)
        return self

    def state_dict(self, kind):
        self._kwargs["state_dict_type"] = kind
        return self

    def keep_gathered(self, flag=True):
        # torch_xla: leave the parameters gathered between forward and backward (fewer all-gathers)
        self._kwargs["reshard_after_forward"] = not flag
        return self

    def build(self):
        return XLAFSDPStrategy(**self._kwargs)
