"""Defaults for every run; profiles (config/profiles.py) replace some fields."""
from dataclasses import dataclass


@dataclass(frozen=True)
class RunConfig:
    accelerator: str = "tpu"
    devices: object = "auto"
    precision: str = "32-true"
    profile: str = "smoke"
    image_size: int = 32
    patch: int = 8
    dim: int = 64
    depth: int = 2
    classes: int = 10
    batch_size: int = 8
    steps: int = 100
    lr: float = 1e-3
