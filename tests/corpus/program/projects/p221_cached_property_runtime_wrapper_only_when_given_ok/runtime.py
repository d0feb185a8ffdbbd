"""The run's distributed runtime: the strategy and the Fabric are built once, on first use."""
from functools import cached_property

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


class Runtime:
    def __init__(self, remat=True, wrapper=None):
        self.remat = remat
        self.wrapper = wrapper

    @cached_property
    def strategy(self):
        kwargs = {"auto_wrap_policy": {Block}}
        if self.remat:
            kwargs["activation_checkpointing_policy"] = {Block}
        if self.wrapper is not None:
            kwargs["auto_wrapper_callable"] = self.wrapper
        return XLAFSDPStrategy(**kwargs)

    @cached_property
    def fabric(self):
        return Fabric(accelerator="tpu", strategy=self.strategy)
