from .profiles import PROFILES

__all__ = ["PROFILES"]
