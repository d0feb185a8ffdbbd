from dataclasses import dataclass, field


@dataclass
class ModelConfig:
    bits: int = 512
    hidden: int = 128
    depth: int = 3
    dropout: float = 0.1


@dataclass
class RunConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    lr: float = 1e-3
    batch_size: int = 32
    steps: int = 3
