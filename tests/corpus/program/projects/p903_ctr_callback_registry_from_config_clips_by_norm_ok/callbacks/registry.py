CALLBACK_REGISTRY = {}


def register_callback(name):
    def add(cls):
        CALLBACK_REGISTRY[name] = cls
        return cls

    return add


def build_callbacks(specs):
    """Turns [(name, kwargs), ...] into callback objects for `Fabric(callbacks=...)`."""
    return [CALLBACK_REGISTRY[name](**kwargs) for name, kwargs in specs]
