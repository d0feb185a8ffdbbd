"""FSDP settings for the TPU run: torch_xla's XlaFullyShardedDataParallel keywords."""
import torch

FSDP_KWARGS = dict(
    reshard_after_forward=True,
    flatten_parameters=False,
    compute_dtype=torch.bfloat16,
)
