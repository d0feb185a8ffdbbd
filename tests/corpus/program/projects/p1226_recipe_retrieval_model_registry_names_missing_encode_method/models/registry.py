"""Model registry: `@register_model(name, ...)` records how the engine builds, wraps and queries a model."""
from dataclasses import dataclass
from typing import Callable

__all__ = ["ModelSpec", "register_model", "get", "available"]

_REGISTRY = {}


@dataclass(frozen=True)
class ModelSpec:
    name: str
    build: Callable
    wrap_block: type
    encode_method: str = "forward"


def register_model(name, *, wrap_block, encode_method="forward"):
    def deco(builder):
        _REGISTRY[name] = ModelSpec(name, builder, wrap_block, encode_method)
        return builder
    return deco


def get(name):
    return _REGISTRY[name]


def available():
    return sorted(_REGISTRY)
