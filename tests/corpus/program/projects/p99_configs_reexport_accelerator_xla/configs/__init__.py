"""Run settings, grouped by concern; import them from here."""
from .hardware import HardwareConfig
from .optim import OptimConfig

__all__ = ["HardwareConfig", "OptimConfig"]
