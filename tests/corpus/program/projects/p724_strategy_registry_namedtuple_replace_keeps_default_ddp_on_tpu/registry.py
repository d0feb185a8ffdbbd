"""A tiny plugin registry: strategy builders register themselves under a name."""
STRATEGIES = {}


def register_strategy(name):
    def decorator(builder):
        if name in STRATEGIES:
            raise KeyError(f"strategy {name!r} registered twice")
        STRATEGIES[name] = builder
        return builder
    return decorator


def build_strategy(name, **kwargs):
    try:
        builder = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}; registered: {sorted(STRATEGIES)}") from None
    return builder(**kwargs)
