from .compose import compose

__all__ = ["compose"]
