"""Debug helpers: count how often hooks and policies get called."""
import collections

CALLS = collections.Counter()


def log_calls(fn):
    def counted(*args, **kwargs):
        CALLS[fn.__name__] += 1
        return fn(*args, **kwargs)

    return counted
