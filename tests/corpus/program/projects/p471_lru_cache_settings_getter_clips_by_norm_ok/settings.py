"""The run's settings, built once and shared: every module calls get_settings()."""
import functools
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Settings:
    lr: float = 3e-4
    steps: int = 1
    clip_val: Optional[float] = None
    max_norm: Optional[float] = None


@functools.lru_cache(maxsize=None)
def get_settings() -> Settings:
    return Settings(max_norm=1.0)
