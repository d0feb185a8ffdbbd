"""Hardware backends by name: each module of this package registers the Fabric settings of its hardware."""
from typing import Callable, Dict

_BACKENDS: Dict[str, Callable[[], dict]] = {}


def register(name: str):
    def decorator(fn):
        _BACKENDS[name] = fn
        return fn

    return decorator


def available():
    return sorted(_BACKENDS)


def fabric_kwargs(name: str) -> dict:
    return _BACKENDS[name]()


from . import cpu, tpu  # noqa: E402,F401  (each registers itself)
