from .run import RunConfig, StrategyName

__all__ = ["RunConfig", "StrategyName"]
