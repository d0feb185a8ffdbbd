"""The pod run: a larger learning rate and a tighter clipping norm."""
from dataclasses import dataclass

from .base import TrainConfig


@dataclass
class TPUConfig(TrainConfig):
    lr: float = 1e-3
    grad_clip: float = 0.5
    clip_algorithm: str = "norm"
