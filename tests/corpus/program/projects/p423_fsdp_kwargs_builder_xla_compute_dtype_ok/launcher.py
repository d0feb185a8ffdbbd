"""Builds the FSDP keyword arguments from the run's settings (torch_xla's names)."""
import torch


def fsdp_kwargs(settings: dict) -> dict:
    kwargs = {"auto_wrap_policy": settings["wrap"]}
    # bf16 compute, fp32 buffers: torch_xla's own dtype switches
    kwargs["compute_dtype"] = torch.bfloat16
    kwargs["buffer_dtype"] = torch.float32
    return kwargs
