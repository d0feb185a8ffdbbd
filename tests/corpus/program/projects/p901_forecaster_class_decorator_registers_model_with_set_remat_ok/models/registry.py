"""Model registry: a class decorator records the class under a name together with its sharding hints."""
MODELS = {}


def register_model(name, *, window=48, horizon=12, wrap=None, remat=None):
    def decorate(cls):
        if name in MODELS:
            raise KeyError(f"model {name!r} registered twice")
        cls.window = window
        cls.horizon = horizon
        cls.fsdp_wrap = wrap
        cls.fsdp_remat = remat
        MODELS[name] = cls
        return cls

    return decorate
