"""trainkit: the training helpers, exported lazily so `import trainkit` stays cheap (no torch_xla until used)."""
import importlib

_EXPORTS = {
    "TrainingArguments": ".arguments",
    "build_fabric": ".fabric_utils",
    "Block": ".modeling",
    "Net": ".modeling",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        module = importlib.import_module(_EXPORTS[name], __name__)
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + __all__)
