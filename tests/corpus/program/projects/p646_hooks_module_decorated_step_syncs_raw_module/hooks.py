import functools


def log_step(fn):
    @functools.wraps(fn)
    def wrapper(fabric, *args, **kwargs):
        out = fn(fabric, *args, **kwargs)
        fabric.print(f"{fn.__name__} done")
        return out
    return wrapper
