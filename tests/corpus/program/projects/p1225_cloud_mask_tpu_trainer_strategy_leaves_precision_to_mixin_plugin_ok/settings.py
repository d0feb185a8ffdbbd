"""Run settings: a frozen dataclass; runs derive theirs with dataclasses.replace."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    trainer: str = "base"
    accelerator: str = "auto"
    precision: str = "32-true"
    channels: int = 4
    width: int = 16
    tile: int = 16
    batch_size: int = 4
    lr: float = 5e-4
    steps: int = 2


BASE = Settings()
