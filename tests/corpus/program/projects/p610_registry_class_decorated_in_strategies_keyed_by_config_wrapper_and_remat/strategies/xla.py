"""TPU strategies. Each builder gets the run's config and returns the strategy Fabric is given."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from registry import register


def checkpointed_fsdp(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


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
            auto_wrapper_callable=checkpointed_fsdp,
            activation_checkpointing_policy={Block},
            state_dict_type="sharded",
        )
