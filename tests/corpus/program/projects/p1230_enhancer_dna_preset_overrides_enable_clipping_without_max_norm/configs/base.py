"""Frozen defaults. Nothing here is TPU-specific; presets and the command line change fields."""
from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class ModelConfig:
    window: int = 40
    hidden: int = 64
    depth: int = 2


@dataclass(frozen=True)
class OptimConfig:
    lr: float = 1e-3
    clip_grad: bool = False
    max_norm: Optional[float] = None


@dataclass(frozen=True)
class HardwareConfig:
    accelerator: str = "auto"
    precision: str = "32-true"


@dataclass(frozen=True)
class RunConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    hardware: HardwareConfig = field(default_factory=HardwareConfig)
    steps: int = 3
    batch_size: int = 16


DEFAULT = RunConfig()
