"""String-keyed registry of strategy builders: `@register("name")` on a builder, `build_strategy(cfg)` to make one."""
STRATEGIES = {}


def register(name):
    def decorator(builder):
        if name in STRATEGIES:
            raise KeyError(f"strategy {name!r} registered twice")
        STRATEGIES[name] = builder
        return builder

    return decorator


def build_strategy(cfg):
    try:
        builder = STRATEGIES[cfg.strategy]
    except KeyError:
        raise ValueError(f"unknown strategy {cfg.strategy!r}; known: {sorted(STRATEGIES)}") from None
    return builder(cfg)
