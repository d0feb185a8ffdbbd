"""Gradient-accumulation modes by name. A mode maps (trainer, is_last_micro_batch) to the context the micro-batch's
backward runs in."""
ACCUMULATION_MODES = {}


def register_accumulation(name):
    def decorator(fn):
        ACCUMULATION_MODES[name] = fn
        return fn

    return decorator


def accumulation_context(name, trainer, is_last):
    return ACCUMULATION_MODES[name](trainer, is_last)
