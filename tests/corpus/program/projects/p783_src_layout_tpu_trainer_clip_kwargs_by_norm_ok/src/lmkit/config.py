"""Run configuration: one dataclass, defaults here, command-line overrides in scripts/train.py."""
from dataclasses import dataclass, field


@dataclass
class ModelConfig:
    vocab_size: int = 256
    dim: int = 64
    hidden: int = 256
    layers: int = 3


@dataclass
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    batch_size: int = 8
    seq_len: int = 16
    lr: float = 1e-3
    steps: int = 3
    grad_clip: float = 1.0
    log_every: int = 1
