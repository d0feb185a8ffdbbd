"""Strategy recipes; the entry point picks one by its function name."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def remat_wrapper(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def fsdp():
    return XLAFSDPStrategy(auto_wrap_policy={Block})


def fsdp_remat():
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        auto_wrapper_callable=remat_wrapper,
        activation_checkpointing_policy={Block},
    )
