"""Engines register themselves by name when their module is imported."""
from .base import ENGINES, Engine
from . import cuda, tpu  # imported for the registration side effect


def get_engine(name: str) -> type[Engine]:
    try:
        return ENGINES[name]
    except KeyError:
        raise ValueError(f"unknown backend {name!r}; known: {sorted(ENGINES)}") from None
