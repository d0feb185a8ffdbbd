"""Distributed helpers."""
import functools


def sharded(move_to_device=True):
    """Decorate a builder returning `(model, make_optimizer)`; the decorated builder takes the Fabric first."""

    def decorator(build):
        @functools.wraps(build)
        def wrapper(fabric, *args, **kwargs):
            model, make_optimizer = build(*args, **kwargs)
            optimizer = make_optimizer(model.parameters())
            return fabric.setup(model, optimizer, move_to_device=move_to_device)

        return wrapper

    return decorator
