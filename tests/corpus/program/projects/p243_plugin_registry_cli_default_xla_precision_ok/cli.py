"""Command line: which precision plugin to run with, and the loop's sizes."""
import argparse

import plugins

DEFAULT_PRECISION = "xla-bf16"


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision-plugin", default=DEFAULT_PRECISION, choices=plugins.available())
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args(argv)
