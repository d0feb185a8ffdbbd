from dataclasses import dataclass


@dataclass
class FinetuneConfig:
    features: int = 24
    hidden: int = 48
    lr: float = 5e-4
    steps: int = 3
    batch_size: int = 64
