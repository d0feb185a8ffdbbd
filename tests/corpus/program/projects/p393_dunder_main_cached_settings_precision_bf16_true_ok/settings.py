"""Process-wide settings, read once from the environment and cached (a pydantic-settings look-alike)."""
import functools
import os
from typing import Literal, NamedTuple

Precision = Literal["32-true", "bf16-true", "16-mixed", "bf16-mixed"]


class Settings(NamedTuple):
    accelerator: str
    devices: int
    precision: Precision
    lr: float
    steps: int


@functools.cache
def get_settings() -> Settings:
    return Settings(
        accelerator=os.environ.get("TRAIN_ACCELERATOR", "tpu"),
        devices=int(os.environ.get("TRAIN_DEVICES", "8")),
        precision=os.environ.get("TRAIN_PRECISION", "bf16-true"),
        lr=float(os.environ.get("TRAIN_LR", "1e-3")),
        steps=int(os.environ.get("TRAIN_STEPS", "2")),
    )
