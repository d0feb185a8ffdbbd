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

    def sync_states(self, flag=True):
        # from the GPU builder: broadcast rank 0's weights before sharding
        self._kwargs["sync_module_states"] = flag
        return self

    def build(self):
        return XLAFSDPStrategy(**self._kwargs)
