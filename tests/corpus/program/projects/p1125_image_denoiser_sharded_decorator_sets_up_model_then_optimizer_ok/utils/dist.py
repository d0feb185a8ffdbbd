"""Distributed helpers."""
import functools


def sharded(move_to_device=True):
    """Decorate a builder returning `(model, make_optimizer)`; the decorated builder takes the Fabric first."""

    def decorator(build):
        @functools.wraps(build)
        def wrapper(fabric, *args, **kwargs):
            model, make_optimizer = build(*args, **kwargs)
            model = fabric.setup_module(model, move_to_device=move_to_device)
            optimizer = fabric.setup_optimizers(make_optimizer(model.parameters()))
            return model, optimizer

        return wrapper

    return decorator
