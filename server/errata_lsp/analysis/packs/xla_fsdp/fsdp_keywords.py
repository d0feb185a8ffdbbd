"""The keyword arguments XLAFSDPStrategy takes: its own, and those it hands to torch_xla's FSDP.

`XLAFSDPStrategy.__init__` (lightning 2.6.6 `strategies/xla_fsdp.py` l.84-95) names eight parameters and keeps
every other keyword (`self._fsdp_kwargs = kwargs`, l.109). `setup_module` copies them (`_parse_fsdp_kwargs`,
l.623: it adds `compute_dtype` from the precision plugin unless given, `auto_wrap_policy` from the strategy's own,
and `auto_wrapper_callable` for `activation_checkpointing_policy`; it removes none) and calls
`XlaFullyShardedDataParallel(module=module, **kwargs)` (l.222), whose `__init__` (torch_xla 2.9.0
`distributed/fsdp/xla_fully_sharded_data_parallel.py` l.290-322) has no `**kwargs`: any other keyword is Python's
TypeError there, in the launched function, whatever its value. Both signatures are read from the installed
lightning 2.6.6 and torch_xla 2.9.0.

`module` is left out of both sets' checks: the strategy passes it itself (a second one is another TypeError,
"got multiple values", not modelled here).
"""

from __future__ import annotations

from dataclasses import dataclass

STRATEGY_PARAMETERS = frozenset({
    "accelerator", "parallel_devices", "checkpoint_io", "precision", "auto_wrap_policy",
    "activation_checkpointing_policy", "state_dict_type", "sequential_save",
})

XLA_FSDP_PARAMETERS = frozenset({  # torch_xla 2.9.0, `module` aside
    "reshard_after_forward", "flatten_parameters", "execute_sharding_on_init", "optimization_barrier_in_forward",
    "optimization_barrier_in_backward", "sync_on_finalization", "disable_reshard_on_root", "compute_dtype",
    "buffer_dtype", "fp32_reduce_scatter", "sharding_groups", "sharding_rank", "sharding_world_size",
    "shard_param_on_dim_0", "pin_layout_in_collective_ops", "reduce_scatter_bucket_size_mb",
    "coalesce_all_gather_ops", "auto_wrap_policy", "auto_wrapper_callable", "param_init_fn",
    "_shard_size_multiple", "_use_xla_patched_linear", "_debug_dummy_forward_pass", "_debug_msg", "_debug_print",
    "_debug_dummy_all_gather_op", "_debug_dummy_all_reduce_op", "_debug_dummy_reduce_scatter_op",
    "_debug_dummy_optimization_barrier_op",
})

ACCEPTED = STRATEGY_PARAMETERS | XLA_FSDP_PARAMETERS

# Keywords an older torch_xla took under another name (its FSDP source with `xm.xrt_world_size()` names
# `mark_step_on_finalization` where 2.9.0 has `sync_on_finalization`, the same switch): 2.9.0 raises on the old
# name, and the new one takes the same value. Only torch_xla 2.9.0's signature is checked (no table of its
# releases): on a torch_xla that still has the old name, the old name runs.
RENAMED = {"mark_step_on_finalization": "sync_on_finalization"}
# the near spellings a typo is matched against: the public names (a typo of a `_debug_*` one is not guessed)
PUBLIC = tuple(sorted(k for k in ACCEPTED if not k.startswith("_")))


@dataclass(frozen=True)
class CudaKeyword:
    """A keyword of Lightning's CUDA `FSDPStrategy` or torch's `FullyShardedDataParallel` that torch_xla lacks."""

    instead: str  # what XLA has instead, or why there is nothing, as a clause


_NONE = "torch_xla's FSDP has no such setting"
CUDA_KEYWORDS: dict[str, CudaKeyword] = {
    # Lightning's FSDPStrategy (2.6.6 `strategies/fsdp.py` l.138-154)
    "cluster_environment": CudaKeyword("XLAFSDPStrategy always runs in its own `XLAEnvironment`"),
    "process_group_backend": CudaKeyword("XLA picks its own collective backend"),
    "timeout": CudaKeyword("XLA sets up its own process group, without a timeout to give"),
    "cpu_offload": CudaKeyword("torch_xla's FSDP has no CPU offload"),
    "mixed_precision": CudaKeyword(
        "under XLA the precision is `Fabric(precision=\"bf16-true\")`, or torch_xla's `compute_dtype=`/`buffer_dtype=` "
        "(a dtype, not a `MixedPrecision`)"),
    "activation_checkpointing": CudaKeyword(
        "XLAFSDPStrategy's spelling is `activation_checkpointing_policy=`, a set of layer classes"),
    "sharding_strategy": CudaKeyword(
        "torch_xla's FSDP always shards parameters, gradients and optimizer state; `reshard_after_forward=False` keeps "
        "the gathered parameters from forward to backward, as `SHARD_GRAD_OP` does"),
    "device_mesh": CudaKeyword("torch_xla's FSDP shards over `sharding_groups=` (lists of ranks), not a device mesh"),
    # torch's FullyShardedDataParallel (torch 2.9.0 `fully_sharded_data_parallel.py` l.396-418)
    "process_group": CudaKeyword("torch_xla's FSDP shards over `sharding_groups=` (lists of ranks), not a process group"),
    "backward_prefetch": CudaKeyword(_NONE),
    "forward_prefetch": CudaKeyword(_NONE),
    "ignored_modules": CudaKeyword("torch_xla's FSDP shards every parameter of the module"),
    "ignored_states": CudaKeyword("torch_xla's FSDP shards every parameter of the module"),
    "device_id": CudaKeyword("the device is the process's XLA device"),
    "sync_module_states": CudaKeyword(_NONE),
    "limit_all_gathers": CudaKeyword(_NONE),
    "use_orig_params": CudaKeyword(_NONE),
}
