"""Hand-written activation checkpointing: an `auto_wrapper_callable` for torch_xla's FSDP."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

from nowcast.model import MixerBlock


def checkpointed_wrapper(module, *args, **kwargs):
    if isinstance(module, MixerBlock):
        module = checkpoint_module(module)
    return XlaFullyShardedDataParallel(module, *args, **kwargs)
