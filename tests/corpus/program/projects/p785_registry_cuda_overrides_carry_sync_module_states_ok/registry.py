"""Name -> builder tables, filled by decorators at import time."""
STRATEGIES = {}
MODELS = {}


def _register(table, name):
    def decorator(fn):
        if name in table:
            raise KeyError(f"{name!r} registered twice ({table[name].__module__} and {fn.__module__})")
        table[name] = fn
        return fn

    return decorator


def register_strategy(name):
    return _register(STRATEGIES, name)


def register_model(name):
    return _register(MODELS, name)


def build_strategy(name, **kwargs):
    try:
        builder = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}; known: {sorted(STRATEGIES)}") from None
    return builder(**kwargs)


def build_model(name, **kwargs):
    return MODELS[name](**kwargs)
