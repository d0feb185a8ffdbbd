"""The team's TPU strategy preset: a `functools.partial` of XLAFSDPStrategy that entry points call with their extras."""
import functools

from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel

from gpt import Block


def shard_block(module, *args, **kwargs):
    """Wrap one transformer block in its own FSDP unit (kept explicit so the flags are visible in one place)."""
    return XlaFullyShardedDataParallel(module, *args, **kwargs)


TPUShardedStrategy = functools.partial(
    XLAFSDPStrategy,
    auto_wrap_policy={Block},
    auto_wrapper_callable=shard_block,
    state_dict_type="sharded",
)
