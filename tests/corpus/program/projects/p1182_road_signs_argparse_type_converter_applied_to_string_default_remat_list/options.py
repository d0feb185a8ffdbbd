"""Command line of the road-sign classifier."""
import argparse

from utils.layers import layer_classes


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Classify 32x32 road-sign crops (43 GTSRB classes) on a TPU host.")
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--batch-size", type=int, default=24)
    p.add_argument(
        "--shard-layers",
        type=layer_classes,
        default="ConvBlock",
        help="comma-separated layer classes that get their own FSDP unit",
    )
    p.add_argument(
        "--remat-layers",
        type=layer_classes,
        default="ConvBlock",
        help="comma-separated layer classes recomputed in the backward pass",
    )
    return p


def parse_args(argv=None):
    return parser().parse_args(argv)
