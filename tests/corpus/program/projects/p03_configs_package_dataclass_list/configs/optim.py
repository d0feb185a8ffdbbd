from dataclasses import dataclass


@dataclass
class OptimConfig:
    lr: float = 1e-3
    weight_decay: float = 0.01
    max_norm: float = 1.0
    steps: int = 2
