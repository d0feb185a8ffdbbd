"""The team's TPU strategy preset: a `functools.partial` of XLAFSDPStrategy that entry points call with their extras."""
import functools

from lightning.fabric.strategies import XLAFSDPStrategy

from gpt import Block


TPUShardedStrategy = functools.partial(
    XLAFSDPStrategy,
    auto_wrap_policy={Block},
    state_dict_type="sharded",
)
