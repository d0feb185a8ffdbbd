"""Block sharding, with the blocks' activations recomputed in backward instead of kept."""
from .sharded import BlockShardedStrategy


class RematStrategy(BlockShardedStrategy):
    def __init__(self, block_types, **kwargs):
        super().__init__(block_types, activation_checkpointing_policy=list(block_types), **kwargs)
