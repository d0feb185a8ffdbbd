"""Timing of the run's phases, printed by the first process."""
import functools
import time


def timed(fn):
    @functools.wraps(fn)
    def wrapper(**kwargs):
        start = time.perf_counter()
        try:
            return fn(**kwargs)
        finally:
            print(f"{fn.__name__}: {time.perf_counter() - start:.1f}s")

    return wrapper
