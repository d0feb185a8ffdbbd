from lightning.fabric.strategies import XLAFSDPStrategy

from .layers import Block

__all__ = ["build_strategy"]

_REMAT = {Block}


def build_strategy(remat: bool = True):
    if remat:
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=_REMAT)
    return XLAFSDPStrategy(auto_wrap_policy={Block})
