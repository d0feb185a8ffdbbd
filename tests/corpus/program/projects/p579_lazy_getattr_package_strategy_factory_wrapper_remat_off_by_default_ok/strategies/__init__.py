"""Strategy builders, imported on first use so that `import strategies` stays cheap off TPU."""
import importlib

_SUBMODULES = {
    "make_strategy": "xla",
    "checkpointed_fsdp": "wrappers",
}

__all__ = sorted(_SUBMODULES)


def __getattr__(name):
    if name in _SUBMODULES:
        module = importlib.import_module(f".{_SUBMODULES[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return __all__
