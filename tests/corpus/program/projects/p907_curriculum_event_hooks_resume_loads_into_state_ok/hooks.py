"""A tiny event bus: `@on("event")` registers a function, `fire("event", **context)` calls them in order."""
from collections import defaultdict

_HANDLERS = defaultdict(list)


def on(event):
    def register(fn):
        _HANDLERS[event].append(fn)
        return fn

    return register


def fire(event, **context):
    return [handler(**context) for handler in _HANDLERS[event]]
