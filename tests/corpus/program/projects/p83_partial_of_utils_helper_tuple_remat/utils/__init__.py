from .strategy import make_strategy

__all__ = ["make_strategy"]
