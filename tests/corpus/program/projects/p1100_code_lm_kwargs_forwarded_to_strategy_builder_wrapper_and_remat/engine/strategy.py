"""How the engine shards the model: one FSDP unit per decoder block."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DecoderBlock


def build_strategy(*, layers=(DecoderBlock,), remat=False, **fsdp_kwargs):
    """``remat`` recomputes the wrapped layers in backward; any other keyword goes to XLAFSDPStrategy unchanged."""
    if remat:
        fsdp_kwargs.setdefault("activation_checkpointing_policy", set(layers))
    return XLAFSDPStrategy(auto_wrap_policy=set(layers), **fsdp_kwargs)
