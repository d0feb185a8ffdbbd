"""StrategyOptions: collects XLA FSDP keyword arguments along a `super().__init__(**kwargs)` chain."""
from functools import cached_property

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class StrategyOptions:
    def __init__(self, *, wrap=None, state_dict_type="sharded", **fsdp_kwargs):
        self.wrap = set(wrap) if wrap else None
        self.state_dict_type = state_dict_type
        self.fsdp_kwargs = fsdp_kwargs

    @cached_property
    def strategy(self):
        return XLAFSDPStrategy(
            auto_wrap_policy=self.wrap, state_dict_type=self.state_dict_type, **self.fsdp_kwargs
        )

    def fabric(self, **fabric_kwargs):
        return Fabric(accelerator="tpu", strategy=self.strategy, **fabric_kwargs)
