"""`import configs` gives the TPU view: the base defaults, then the v4 overrides on top."""
from .base import *  # noqa: F401,F403
from .base import __all__ as _base_names
from .tpu_v4 import *  # noqa: F401,F403
from .tpu_v4 import __all__ as _tpu_names

__all__ = sorted(set(_base_names) | set(_tpu_names))
