"""The command line of the landcover jobs; defaults come from landcover.settings."""
import argparse
import os

from landcover import settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="train the land-cover segmenter")
    parser.add_argument("--steps", type=int, default=settings.STEPS)
    parser.add_argument("--lr", type=float, default=settings.LR)
    parser.add_argument("--tile", type=int, default=settings.TILE)
    parser.add_argument(
        "--checkpoint",
        type=str,
        default=os.path.join(settings.OUTPUT_ROOT, "segmenter-last"),
        help="directory the sharded checkpoint is written to",
    )
    return parser
