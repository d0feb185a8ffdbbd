from sharding.builder import StrategyBuilder

__all__ = ["StrategyBuilder"]
