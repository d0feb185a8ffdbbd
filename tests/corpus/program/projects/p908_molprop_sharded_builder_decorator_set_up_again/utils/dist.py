"""Distributed helpers shared by the model builders."""
import functools


def sharded(**setup_kwargs):
    """Decorator factory: the builder gets the Fabric as first argument and returns the set-up module.

        @sharded()
        def build_model(cfg): ...

        model = build_model(fabric, cfg)
    """

    def decorate(builder):
        @functools.wraps(builder)
        def wrapper(fabric, *args, **kwargs):
            module = builder(*args, **kwargs)
            return fabric.setup_module(module, **setup_kwargs)

        return wrapper

    return decorate
