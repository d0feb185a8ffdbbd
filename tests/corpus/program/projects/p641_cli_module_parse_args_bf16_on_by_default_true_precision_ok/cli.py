"""Command line of the project."""
import argparse


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Train the block classifier on a TPU pod.")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True,
                        help="bf16 weights and activations (XLA's precision for TPUs)")
    return parser.parse_args(argv)
