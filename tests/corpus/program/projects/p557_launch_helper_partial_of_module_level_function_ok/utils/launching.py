"""Launch a training function with its keyword options bound."""
import functools


def launch(fabric, fn, **options):
    return fabric.launch(functools.partial(fn, **options))
