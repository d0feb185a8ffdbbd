"""Custom XLAFSDP wrapping: checkpoint every wrapped encoder layer."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


def remat_wrapper(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)
