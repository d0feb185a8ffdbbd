"""The XLA FSDP strategy of every experiment: blocks are sharded, and checkpointed when asked."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def build_strategy(remat=False, layers=None):
    kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": "sharded"}
    if remat:
        kwargs["activation_checkpointing_policy"] = layers
    return XLAFSDPStrategy(**kwargs)
