"""Run configuration as nested dataclasses; entry points override fields with `TrainConfig(optim=OptimConfig(...))`."""
from dataclasses import dataclass, field


@dataclass
class DataConfig:
    image_size: int = 16
    noise_std: float = 0.3
    micro_batch: int = 8


@dataclass
class OptimConfig:
    lr: float = 1e-3
    grad_accum: int = 1
    max_norm: float = 1.0


@dataclass
class TrainConfig:
    data: DataConfig = field(default_factory=DataConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    micro_steps: int = 4
    precision: str = "32-true"
