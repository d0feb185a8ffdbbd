from .registry import *  # noqa: F401,F403
from . import registry as _registry
from . import dual_encoder  # noqa: F401,E402  (registers the model)

__all__ = list(_registry.__all__)
