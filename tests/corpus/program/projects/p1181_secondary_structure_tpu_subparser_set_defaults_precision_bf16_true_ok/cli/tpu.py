"""The TPU VM entry: same options, TPU-tuned defaults."""
import argparse

from cli.common import common_parser


def tpu_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="train.py",
        description="Tag each residue of a protein as helix, strand or coil, on all cores of a TPU host.",
        parents=[common_parser()],
    )
    parser.add_argument("--remat", action="store_true", help="recompute encoder layers in the backward pass")
    # bigger batches and bf16 on TPU; the rest as in common
    parser.set_defaults(batch_size=64, precision="bf16-true")
    return parser
