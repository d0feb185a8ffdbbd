"""Hyperparameters as an immutable record; a variant is `DEFAULTS._replace(...)`."""
from typing import NamedTuple


class HParams(NamedTuple):
    lr: float = 3e-4
    batch_size: int = 8
    max_steps: int = 2
    loss_reduce: str = "mean"


DEFAULTS = HParams()
