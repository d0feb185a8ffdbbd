"""Gradient accumulation: skip the gradient all-reduce on every micro-batch but the last of a window."""
from contextlib import contextmanager


@contextmanager
def accumulate(fabric, model, step, every):
    is_accumulating = (step + 1) % every != 0
    # the strategy's own control: Fabric's wrapper adds nothing under XLA FSDP
    with fabric.strategy._backward_sync_control.no_backward_sync(model, is_accumulating):
        yield is_accumulating
