"""The XLA FSDP strategy for a config: wrap every block, recompute them only if asked."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def fsdp_strategy(cfg):
    kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": "sharded"}
    if cfg.gradient_checkpointing:
        kwargs["activation_checkpointing_policy"] = cfg.checkpoint_layers
    return XLAFSDPStrategy(**kwargs)
