"""Data access for the Brix regressor: `from data import build_train`."""
from .loaders import *  # noqa: F401,F403
from .datasets import *  # noqa: F401,F403
