"""Builds the FSDP keyword arguments from the run's settings (ported from the GPU launcher)."""
import torch


def fsdp_kwargs(settings: dict) -> dict:
    kwargs = {"auto_wrap_policy": settings["wrap"]}
    # bf16 compute, fp32 reductions: the GPU launcher's MixedPrecision, kept as plain dtypes
    kwargs["mixed_precision"] = {"param_dtype": torch.bfloat16, "reduce_dtype": torch.float32}
    kwargs["sync_module_states"] = True
    return kwargs
