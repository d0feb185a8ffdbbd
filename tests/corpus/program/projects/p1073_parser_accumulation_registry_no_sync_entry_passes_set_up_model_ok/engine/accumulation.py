"""The built-in accumulation modes."""
import contextlib

from .registry import register_accumulation


@register_accumulation("sync_every_step")
def sync_every_step(trainer, is_last):
    return contextlib.nullcontext()


@register_accumulation("no_sync")
def no_sync(trainer, is_last):
    """Skip the gradient reduce-scatter on all but the last micro-batch."""
    return trainer.fabric.no_backward_sync(trainer.model, enabled=not is_last)
