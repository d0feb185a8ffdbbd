from .xla import build_strategy

__all__ = ["build_strategy"]
