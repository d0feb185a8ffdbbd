"""Command line: the recipe (any registered name) and the loop's sizes."""
import argparse

import recipes  # noqa: F401  (registers the built-in recipes)
from registry import RECIPES


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--recipe", default="fsdp-remat", choices=sorted(RECIPES))
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args(argv)
