from .dist import make_strategy

__all__ = ["make_strategy"]
