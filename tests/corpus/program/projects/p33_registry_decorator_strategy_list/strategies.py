"""Named strategies: `--strategy NAME` picks one."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

REGISTRY = {}


def register(name):
    def deco(factory):
        REGISTRY[name] = factory
        return factory

    return deco


@register("fsdp")
def fsdp():
    return XLAFSDPStrategy(auto_wrap_policy={Block})


@register("fsdp_remat")
def fsdp_remat():
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])
