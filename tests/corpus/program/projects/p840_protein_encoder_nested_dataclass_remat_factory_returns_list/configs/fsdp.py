"""Sharding options for the XLA FSDP runs (one dataclass per concern, nested in `TrainConfig`)."""
from dataclasses import dataclass, field

from model import EncoderLayer


def _wrap_layers():
    return {EncoderLayer}


def _remat_layers():
    # the attention layers hold most of the activation memory on long sequences
    return [EncoderLayer]


@dataclass
class FSDPConfig:
    wrap_layers: set = field(default_factory=_wrap_layers)
    remat_layers: list = field(default_factory=_remat_layers)
    reshard_after_forward: bool = True
    state_dict_type: str = "sharded"
