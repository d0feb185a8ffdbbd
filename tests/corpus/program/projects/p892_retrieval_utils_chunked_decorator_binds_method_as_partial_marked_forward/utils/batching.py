"""Method decorators for models that embed more rows than fit in one forward pass."""
import functools

import torch


class _ChunkedMethod:
    def __init__(self, fn, size):
        functools.update_wrapper(self, fn)
        self.fn, self.size = fn, size

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self._run, obj)

    def _run(self, obj, rows):
        return torch.cat([self.fn(obj, part) for part in rows.split(self.size)])


def chunked(size):
    """Run the decorated method over `size`-row chunks of its input and concatenate the outputs."""
    def decorate(fn):
        return _ChunkedMethod(fn, size)
    return decorate
