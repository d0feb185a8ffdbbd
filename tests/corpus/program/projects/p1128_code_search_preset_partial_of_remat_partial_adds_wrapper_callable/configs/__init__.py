"""Strategy presets and the one this run uses."""
from configs.strategies import PRESETS

DEFAULT_PRESET = "remat_custom"

__all__ = ["DEFAULT_PRESET", "PRESETS"]
