"""Typed run configuration of the galaxy-morphology classifier."""
from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class ClipConfig:
    """Keyword arguments of `fabric.clip_gradients`: set one of the two."""

    max_norm: Optional[float] = None
    clip_val: Optional[float] = 0.5


@dataclass(frozen=True)
class TrainConfig:
    accelerator: str = "cuda"
    precision: str = "bf16-mixed"
    lr: float = 1e-3
    steps: int = 3
    batch_size: int = 16
    clip: ClipConfig = field(default_factory=ClipConfig)

    @classmethod
    def from_dict(cls, payload: dict) -> "TrainConfig":
        return cls(**{**payload, "clip": ClipConfig(**payload["clip"])})
