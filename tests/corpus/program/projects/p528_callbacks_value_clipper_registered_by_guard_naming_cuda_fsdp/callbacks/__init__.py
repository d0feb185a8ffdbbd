from .clip import ValueClipper

__all__ = ["ValueClipper"]
