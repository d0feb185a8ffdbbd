"""Checkpoint layouts by name. Each layout gives the strategy keywords it needs; ckpt/layouts.py registers them."""
from typing import Callable, Dict

LAYOUTS: Dict[str, Callable[[], dict]] = {}


def register_layout(name: str):
    def decorator(fn):
        LAYOUTS[name] = fn
        return fn

    return decorator


def layout_kwargs(name: str) -> dict:
    return dict(LAYOUTS[name]())


from . import layouts  # noqa: E402,F401  (registers the built-in layouts)
