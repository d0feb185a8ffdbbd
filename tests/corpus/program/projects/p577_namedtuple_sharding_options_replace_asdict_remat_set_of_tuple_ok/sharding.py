"""Sharding options as an immutable record; a run copies it with `_replace`."""
from typing import Any, NamedTuple, Optional

from model import Block


class ShardingOptions(NamedTuple):
    auto_wrap_policy: Any
    activation_checkpointing_policy: Optional[Any] = None
    state_dict_type: str = "sharded"
    sequential_save: bool = False


WRAP_LAYERS = {Block}
REMAT_LAYERS = (Block,)  # also the layers the profiler reports on, in this order

DEFAULT_SHARDING = ShardingOptions(auto_wrap_policy=WRAP_LAYERS)
