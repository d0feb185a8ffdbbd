"""Run configuration for the support-ticket intent classifier."""
from dataclasses import dataclass, field


@dataclass
class OptimConfig:
    lr: float = 1e-3
    weight_decay: float = 0.01
    warmup_steps: int = 2
    betas: tuple = (0.9, 0.98)


@dataclass
class ModelConfig:
    dim: int = 64
    heads: int = 4
    layers: int = 2
    max_len: int = 16
    dropout: float = 0.1


@dataclass
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    batch_size: int = 16
    steps: int = 5
    eval_every: int = 5
    clip_norm: float = 1.0
