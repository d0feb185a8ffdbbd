"""The FSDP table as keyword arguments for one strategy."""

CUDA_ONLY = ("sharding_strategy", "limit_all_gathers", "cpu_offload", "backward_prefetch")


def xla_fsdp_kwargs(table):
    """The keys XLAFSDPStrategy takes: the CUDA-only ones left out."""
    return {key: value for key, value in table.items() if key not in CUDA_ONLY}
