"""Decorators for the functions a run launches."""
import functools


def reduce_metrics(reduce_op="mean"):
    """The decorated function returns a dict of tensors; every process gets them reduced."""

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(fabric, *args, **kwargs):
            metrics = fn(fabric, *args, **kwargs)
            reduced = {k: fabric.all_reduce(v, reduce_op=reduce_op) for k, v in metrics.items()}
            fabric.print({k: v.item() for k, v in reduced.items()})
            return reduced

        return wrapper

    return decorator
