"""Command line -> frozen dataclass."""
import argparse
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    strategy: str = "xla_fsdp"
    accelerator: str = "tpu"
    lr: float = 3e-4
    steps: int = 2


def from_args(argv=None) -> Config:
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default=Config.strategy, choices=["ddp", "xla_fsdp", "auto"])
    parser.add_argument("--accelerator", default=Config.accelerator)
    parser.add_argument("--lr", type=float, default=Config.lr)
    parser.add_argument("--steps", type=int, default=Config.steps)
    return Config(**vars(parser.parse_args(argv)))
