"""Strategy builders; importing this module registers them."""
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy

from registry import register

from .policies import make_policy


@register("xla_ddp")
def xla_ddp(cfg):
    return XLAStrategy(sync_module_states=True)


@register("xla_fsdp")
def xla_fsdp(cfg):
    return XLAFSDPStrategy(auto_wrap_policy=make_policy(cfg.model), state_dict_type="sharded")
