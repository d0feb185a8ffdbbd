"""The XLA FSDP strategy of each kind the config can name."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

WRAP_LAYERS = {Block}
REMAT_LAYERS = {Block}


def make_strategy(kind: str) -> XLAFSDPStrategy:
    match kind:
        case "full_shard":
            return XLAFSDPStrategy(auto_wrap_policy=WRAP_LAYERS)
        case "full_shard_remat" | "remat":
            return XLAFSDPStrategy(auto_wrap_policy=WRAP_LAYERS, activation_checkpointing_policy=REMAT_LAYERS)
        case other:
            raise ValueError(f"unknown strategy kind {other!r}")
