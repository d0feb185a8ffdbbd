"""One place that builds the distributed strategy for every launcher."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def build_strategy(**fsdp_kwargs):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}, **fsdp_kwargs)
