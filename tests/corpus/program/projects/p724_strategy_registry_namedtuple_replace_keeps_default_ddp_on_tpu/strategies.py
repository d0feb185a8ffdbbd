"""Strategy builders for the clusters we run on."""
from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy

from model import Block
from registry import register_strategy


@register_strategy("ddp")
def ddp(**kwargs):
    return DDPStrategy(find_unused_parameters=kwargs.get("find_unused_parameters", False))


@register_strategy("xla_fsdp")
def xla_fsdp(**kwargs):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type=kwargs.get("state_dict_type", "sharded"))
