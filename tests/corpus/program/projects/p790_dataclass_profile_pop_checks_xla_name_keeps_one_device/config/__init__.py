from .defaults import RunConfig
from .profiles import resolve

__all__ = ["RunConfig", "resolve"]
