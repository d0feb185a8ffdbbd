"""FSDP wrapping helpers shared by the training entry points."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


def checkpointed_fsdp(module, *args, **kwargs):
    """Wrap ``module`` in XLA FSDP with its activations recomputed in backward (an `auto_wrapper_callable`)."""
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)
