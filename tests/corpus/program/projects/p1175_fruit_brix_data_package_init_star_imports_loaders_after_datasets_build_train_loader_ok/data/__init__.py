"""Data access for the Brix regressor: `from data import build_train`."""
from .datasets import *  # noqa: F401,F403
from .loaders import *  # noqa: F401,F403
