"""Sharding layout of the mel predictor under XLA FSDP."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DecoderBlock

__all__ = ["WRAP_LAYERS", "REMAT_LAYERS", "make_strategy"]

WRAP_LAYERS = {DecoderBlock}
REMAT_LAYERS = {DecoderBlock}
_STATE_DICT_TYPE = "sharded"


def make_strategy(wrap=WRAP_LAYERS, remat=REMAT_LAYERS):
    return XLAFSDPStrategy(auto_wrap_policy=wrap, activation_checkpointing_policy=remat,
                           state_dict_type=_STATE_DICT_TYPE)
