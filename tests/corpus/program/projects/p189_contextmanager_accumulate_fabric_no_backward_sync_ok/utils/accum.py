"""Gradient accumulation: skip the gradient all-reduce on every micro-batch but the last of a window."""
from contextlib import contextmanager


@contextmanager
def accumulate(fabric, model, step, every):
    is_accumulating = (step + 1) % every != 0
    with fabric.no_backward_sync(model, enabled=is_accumulating):
        yield is_accumulating
