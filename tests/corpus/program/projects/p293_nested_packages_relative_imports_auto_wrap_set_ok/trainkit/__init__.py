"""trainkit: the model, its defaults and the strategy that shards it."""
from .strategy.factory import make_strategy

__all__ = ["make_strategy"]
