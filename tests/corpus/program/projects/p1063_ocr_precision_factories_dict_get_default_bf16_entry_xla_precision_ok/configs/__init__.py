"""Experiment configs of the line-OCR model, by name."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Experiment:
    name: str
    precision: str = "fp32"
    lr: float = 1e-3
    steps: int = 3
    batch_size: int = 8
    height: int = 16
    width: int = 48
    charset: int = 20


EXPERIMENTS = {
    "baseline": Experiment("baseline"),
    "tpu_bf16": Experiment("tpu_bf16", precision="bf16", lr=2e-3),
}


def get_experiment(name: str) -> Experiment:
    return EXPERIMENTS[name]
