from dataclasses import dataclass


@dataclass
class TrainConfig:
    lr: float = 3e-4
    grad_clip: float = 1.0
    steps: int = 2
