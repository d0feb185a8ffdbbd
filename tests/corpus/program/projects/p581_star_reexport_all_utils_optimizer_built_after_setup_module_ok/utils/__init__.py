"""Training utilities; everything public is re-exported here."""
from .dist import *  # noqa: F401,F403
from .optim import *  # noqa: F401,F403
from .dist import __all__ as _dist_all
from .optim import __all__ as _optim_all

__all__ = [*_dist_all, *_optim_all]
