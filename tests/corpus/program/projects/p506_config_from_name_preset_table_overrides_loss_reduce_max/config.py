"""The run's configuration, built from a named preset."""
from dataclasses import dataclass
from typing import Any

from presets import PRESETS


@dataclass
class Config:
    dim: int = 32
    depth: int = 2
    steps: int = 1
    lr: float = 1e-3
    loss_reduce: str = "mean"

    @classmethod
    def from_name(cls, name: str, **overrides: Any) -> "Config":
        conf = dict(PRESETS[name])
        conf.update(overrides)
        return cls(**conf)
