"""The run's session: the strategy and the Fabric are built on first use and kept."""
from functools import cached_property

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


class Session:
    def __init__(self, precision="bf16-true", devices="auto"):
        self.precision = precision
        self.devices = devices

    @cached_property
    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")

    @cached_property
    def fabric(self):
        return Fabric(accelerator="tpu", devices=self.devices, strategy=self.strategy, precision=self.precision)
