"""`load(backend)`: the base settings with the backend's overrides merged in."""
from utils.merge import deep_merge

from . import base, gpu, tpu

_BACKENDS = {"gpu": gpu, "tpu": tpu}


def load(backend):
    return deep_merge(base.BASE, _BACKENDS[backend].OVERRIDES)
