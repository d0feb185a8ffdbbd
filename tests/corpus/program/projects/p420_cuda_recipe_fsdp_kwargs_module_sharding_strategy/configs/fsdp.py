"""FSDP settings, carried over from the A100 recipe (configs/fsdp_cuda.py upstream)."""
import torch

# upstream: torch.distributed.fsdp.ShardingStrategy.FULL_SHARD, spelled as Lightning's FSDPStrategy takes it
FSDP_KWARGS = dict(
    sharding_strategy="FULL_SHARD",
    limit_all_gathers=True,
    compute_dtype=torch.bfloat16,
)
