"""Reusable pieces experiments mix in."""
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


def checkpointed_fsdp(module, *args, **kwargs):
    """Wrap a layer in XLA FSDP after making it recompute its activations in the backward pass."""
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


class CheckpointedWrapperMixin:
    """Every auto-wrapped layer is rematerialised: trades compute for activation memory on long sequences."""

    WRAPPER = staticmethod(checkpointed_fsdp)
