"""The strategies a run can name in config.STRATEGY."""
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from model import Block


def fsdp():
    return XLAFSDPStrategy(auto_wrap_policy={Block})


def fsdp_layers():
    return XLAFSDPStrategy(auto_wrap_policy=[Block, nn.Linear])


STRATEGIES = {"fsdp": fsdp, "fsdp_layers": fsdp_layers}
