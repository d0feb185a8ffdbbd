"""A small event bus: handlers are registered by event name and fired in registration order."""
from collections import defaultdict

HANDLERS = defaultdict(list)


def on(event):
    def register(fn):
        HANDLERS[event].append(fn)
        return fn

    return register


def fire(event, *args, **kwargs):
    for handler in HANDLERS[event]:
        handler(*args, **kwargs)
