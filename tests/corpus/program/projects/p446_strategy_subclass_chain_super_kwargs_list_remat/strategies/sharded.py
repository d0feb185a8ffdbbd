"""XLA FSDP with one FSDP unit per block type given."""
from lightning.fabric.strategies import XLAFSDPStrategy


class BlockShardedStrategy(XLAFSDPStrategy):
    def __init__(self, block_types, **kwargs):
        kwargs.setdefault("state_dict_type", "sharded")
        super().__init__(auto_wrap_policy=set(block_types), **kwargs)
        self.block_types = tuple(block_types)
