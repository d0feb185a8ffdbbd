from dataclasses import dataclass


@dataclass
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.01
    steps: int = 2
