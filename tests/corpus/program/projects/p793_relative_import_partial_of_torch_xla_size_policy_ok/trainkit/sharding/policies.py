"""Wrap policies: shard every submodule above a parameter budget into its own FSDP unit.

The same config drives the GPU jobs (torch FSDP) and the TPU jobs (XLAFSDP), so the policy
function is picked per backend; both take `min_num_params`.
"""
import functools

from torch.distributed.fsdp import wrap as cuda_wrap
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from ..utils.numbers import parse_count

_BACKENDS = ("cuda", "xla")


def size_policy(min_params, backend="xla"):
    """A policy for the strategy's `auto_wrap_policy`: wrap submodules with >= `min_params` parameters."""
    if backend not in _BACKENDS:
        raise ValueError(f"backend must be one of {_BACKENDS}, got {backend!r}")
    impl = cuda_wrap.size_based_auto_wrap_policy if backend == "cuda" else size_based_auto_wrap_policy
    return functools.partial(impl, min_num_params=parse_count(min_params))
