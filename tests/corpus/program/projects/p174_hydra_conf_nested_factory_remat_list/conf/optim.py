from dataclasses import dataclass


@dataclass
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.1
    max_norm: float = 1.0
