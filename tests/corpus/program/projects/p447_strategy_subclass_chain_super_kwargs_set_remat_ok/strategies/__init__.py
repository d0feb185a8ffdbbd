"""Our XLA FSDP strategies: one FSDP unit per block, and the same with the blocks recomputed in backward."""
from .remat import RematStrategy
from .sharded import BlockShardedStrategy

__all__ = ["BlockShardedStrategy", "RematStrategy"]
