from dataclasses import dataclass


@dataclass
class Hparams:
    lags: int = 24
    n_turbines: int = 5
    hidden: int = 64
    depth: int = 2
    lr: float = 2e-3
    warmup: int = 2
    steps: int = 6
    batch_size: int = 16
