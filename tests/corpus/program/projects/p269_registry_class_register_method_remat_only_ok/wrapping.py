"""How each FSDP unit is wrapped: a module-level function, so the strategy pickles at launch."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel


def wrap_unit(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(module, *args, **kwargs)
