"""Run configuration: the command line turned into a dataclass."""
import argparse
from dataclasses import dataclass


@dataclass
class Config:
    lr: float = 3e-4
    steps: int = 2
    out_dir: str = "checkpoints"
    checkpoint_io: str = "torch"


def parse(argv=None) -> Config:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=Config.lr)
    parser.add_argument("--steps", type=int, default=Config.steps)
    parser.add_argument("--out-dir", default=Config.out_dir)
    parser.add_argument("--checkpoint-io", default=Config.checkpoint_io, choices=["torch", "xla"])
    return Config(**vars(parser.parse_args(argv)))
