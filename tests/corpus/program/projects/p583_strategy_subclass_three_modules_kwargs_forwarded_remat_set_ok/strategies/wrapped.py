"""Wraps each of the given layer classes as its own FSDP unit."""
from strategies.base import ProjectXLAFSDP


class WrappedXLAFSDP(ProjectXLAFSDP):
    def __init__(self, layers, **kwargs):
        self.layers = tuple(layers)
        super().__init__(auto_wrap_policy=set(layers), **kwargs)
