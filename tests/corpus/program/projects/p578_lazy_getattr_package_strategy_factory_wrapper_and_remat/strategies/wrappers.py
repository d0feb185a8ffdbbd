"""How each wrapped block is turned into an FSDP unit."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


def checkpointed_fsdp(module, *args, **kwargs):
    # recompute the block's activations in backward: the memory goes to a larger batch
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)
