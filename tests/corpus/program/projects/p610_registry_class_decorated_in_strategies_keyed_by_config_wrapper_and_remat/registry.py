"""Name -> strategy builder. Builders register themselves when their module is imported."""
STRATEGIES = {}


def register(name):
    def wrap(cls):
        if name in STRATEGIES:
            raise KeyError(f"strategy {name!r} registered twice")
        STRATEGIES[name] = cls
        return cls

    return wrap
