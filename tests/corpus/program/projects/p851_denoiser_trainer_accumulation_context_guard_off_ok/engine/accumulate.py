"""Gradient accumulation helpers."""
import contextlib


def accumulation_context(fabric, module, optim_cfg, boundary):
    """Skip the gradient all-reduce on micro-batches that do not end an accumulation window."""
    if optim_cfg.grad_accum > 1:
        return fabric.no_backward_sync(module, enabled=not boundary)
    return contextlib.nullcontext()
