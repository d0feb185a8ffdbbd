"""Typed run configuration: `TrainConfig(fsdp=FSDPConfig(...), optim=OptimConfig(...))`."""
from dataclasses import dataclass, field

from configs.fsdp import FSDPConfig


@dataclass
class ModelConfig:
    vocab_size: int = 25  # 20 amino acids + special tokens
    dim: int = 64
    heads: int = 4
    layers: int = 2
    max_len: int = 48
    classes: int = 3  # helix / sheet / coil, per sequence


@dataclass
class OptimConfig:
    lr: float = 5e-4
    weight_decay: float = 0.05
    max_norm: float = 1.0


@dataclass
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    fsdp: FSDPConfig = field(default_factory=FSDPConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    batch_size: int = 8
    steps: int = 3
    precision: str = "bf16-true"


__all__ = ["FSDPConfig", "ModelConfig", "OptimConfig", "TrainConfig"]
