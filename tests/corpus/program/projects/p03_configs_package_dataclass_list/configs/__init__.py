"""Typed configuration of a run; import the classes from here."""
from .optim import OptimConfig
from .sharding import ShardingConfig

__all__ = ["OptimConfig", "ShardingConfig"]
