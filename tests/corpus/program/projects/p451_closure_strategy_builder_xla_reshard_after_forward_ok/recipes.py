"""The recipes' strategies, ported from our CUDA FSDP recipes."""
from model import Block
from sharding import strategy_builder

build_strategy = strategy_builder(
    auto_wrap_policy={Block},
    state_dict_type="sharded",
    reshard_after_forward=True,
)
