"""TPU strategies. Each builder gets the run's config and returns the strategy Fabric is given."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from registry import register


@register("xla_fsdp")
class XLAFSDP:
    def __init__(self, cfg):
        self.cfg = cfg

    def build(self):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")


@register("xla_fsdp_remat")
class XLAFSDPRemat(XLAFSDP):
    def build(self):
        return XLAFSDPStrategy(
            auto_wrap_policy={Block},
            activation_checkpointing_policy={Block},
            state_dict_type="sharded",
        )
