"""A name -> factory registry for Fabric strategies; components/ fills it when it is imported."""
from typing import Callable, Dict

STRATEGIES: Dict[str, Callable] = {}


def register_strategy(name: str):
    def decorator(factory: Callable) -> Callable:
        if name in STRATEGIES:
            raise KeyError(f"strategy {name!r} is registered twice")
        STRATEGIES[name] = factory
        return factory

    return decorator


def get_strategy(name: str, **overrides):
    try:
        factory = STRATEGIES[name]
    except KeyError:
        raise KeyError(f"unknown strategy {name!r}; known: {sorted(STRATEGIES)}") from None
    return factory(**overrides)
