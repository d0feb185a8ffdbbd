from dataclasses import dataclass, field


@dataclass
class Model:
    name: str = "llama3"
    flavor: str = "debugmodel"


@dataclass
class Training:
    local_batch_size: int = 2
    seq_len: int = 8
    max_norm: float = 1.0
    steps: int = 2
    mixed_precision_param: str = "bfloat16"


@dataclass
class Optimizer:
    name: str = "AdamW"
    lr: float = 8e-4
    eps: float = 1e-8


@dataclass
class Metrics:
    log_freq: int = 1


@dataclass
class JobConfig:
    model: Model = field(default_factory=Model)
    training: Training = field(default_factory=Training)
    optimizer: Optimizer = field(default_factory=Optimizer)
    metrics: Metrics = field(default_factory=Metrics)
