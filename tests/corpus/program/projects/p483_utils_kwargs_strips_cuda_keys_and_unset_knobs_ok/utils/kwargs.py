"""The FSDP table as keyword arguments for one strategy."""

CUDA_ONLY = ("sharding_strategy", "limit_all_gathers", "cpu_offload", "backward_prefetch")


def xla_fsdp_kwargs(table):
    """The keys XLAFSDPStrategy takes: the CUDA-only ones left out, and the unset (None) knobs left to its defaults."""
    return {key: value for key, value in table.items() if key not in CUDA_ONLY and value is not None}
