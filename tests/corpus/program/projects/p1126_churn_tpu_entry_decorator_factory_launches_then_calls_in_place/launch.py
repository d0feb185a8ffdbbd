"""Entry-point helpers for TPU runs."""
import functools

from lightning.fabric import Fabric


def tpu_entry(**fabric_options):
    """Make `fn(fabric, *args, **kwargs)` callable as `fn(*args, **kwargs)` on every TPU core."""

    def decorator(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            fabric = Fabric(accelerator="tpu", **fabric_options)
            fabric.launch()
            return fn(fabric, *args, **kwargs)

        return run

    return decorator
