"""Turns the settings into an XLA FSDP strategy (the classes must be hashable layer types)."""
from lightning.fabric.strategies import XLAFSDPStrategy


def layer_set(layers):
    return set(layers)


def make_strategy(shard_layers, remat_layers):
    return XLAFSDPStrategy(
        auto_wrap_policy=layer_set(shard_layers),
        activation_checkpointing_policy=layer_set(remat_layers),
        state_dict_type="sharded",
    )
