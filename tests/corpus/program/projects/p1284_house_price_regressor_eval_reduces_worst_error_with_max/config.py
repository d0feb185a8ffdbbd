"""Command-line configuration for the house-price regressor."""
import argparse


def get_config(argv=None):
    parser = argparse.ArgumentParser(description="Tabular house-price regression on TPU")
    parser.add_argument("--rows", type=int, default=512)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--steps-per-epoch", type=int, default=3)
    return parser.parse_args(argv)
