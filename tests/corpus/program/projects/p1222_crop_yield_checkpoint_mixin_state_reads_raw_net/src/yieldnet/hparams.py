from dataclasses import dataclass


@dataclass(frozen=True)
class Hparams:
    n_weather: int = 12
    n_soil: int = 6
    width: int = 48
    depth: int = 2
    lr: float = 1e-3
    batch_size: int = 16
    steps: int = 4
    checkpoint_every: int = 2
