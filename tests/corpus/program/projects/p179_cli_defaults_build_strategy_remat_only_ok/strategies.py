"""Turns the command line into the XLA FSDP strategy."""
from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import checkpoint_module

from model import Block


def checkpoint_wrapper(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def build_strategy(args):
    kwargs = {"auto_wrap_policy": {Block}}
    if args.wrapper == "checkpoint":
        kwargs["auto_wrapper_callable"] = checkpoint_wrapper
    if args.remat:
        kwargs["activation_checkpointing_policy"] = {Block}
    return XLAFSDPStrategy(**kwargs)
