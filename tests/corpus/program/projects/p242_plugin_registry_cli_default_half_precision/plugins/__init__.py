"""Precision plugins by name. A module registers a factory with `@register("name")`; `load("name")` builds it.

Importing the package imports the built-in plugins, so their names are there before any lookup.
"""
_FACTORIES = {}


def register(name):
    def add(factory):
        _FACTORIES[name] = factory
        return factory

    return add


def load(name):
    return _FACTORIES[name]()


def available():
    return sorted(_FACTORIES)


from plugins import builtin  # noqa: E402,F401  (registers the built-in names)
