"""Hyperparameters of the keyword-spotting run."""
from dataclasses import dataclass


@dataclass
class TrainConfig:
    n_mfcc: int = 20
    frames: int = 32
    n_keywords: int = 6
    channels: int = 32
    lr: float = 3e-3
    batch_size: int = 16
    steps: int = 3
    seed: int = 7
