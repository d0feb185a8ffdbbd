from functools import partial

from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import checkpoint_module

from model import Block
from registry import register


def wrap_block(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


@register("fsdp")
def fsdp():
    return XLAFSDPStrategy(auto_wrap_policy={Block}, auto_wrapper_callable=wrap_block,
                           activation_checkpointing_policy={Block})
