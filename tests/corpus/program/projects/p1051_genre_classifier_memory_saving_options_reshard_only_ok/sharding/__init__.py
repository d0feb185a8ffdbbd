from sharding.options import StrategyOptions
from sharding.presets import MemorySavingOptions

__all__ = ["MemorySavingOptions", "StrategyOptions"]
