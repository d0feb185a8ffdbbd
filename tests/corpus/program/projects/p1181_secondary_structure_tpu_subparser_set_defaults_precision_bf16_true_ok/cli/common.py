"""Options every target shares; used as a parent parser, so it has no -h of its own."""
import argparse


def common_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("training")
    group.add_argument("--steps", type=int, default=3)
    group.add_argument("--lr", type=float, default=1e-3)
    group.add_argument("--batch-size", type=int, default=16)
    group.add_argument("--window", type=int, default=15, help="residues each side of the tagged one")
    hw = parser.add_argument_group("hardware")
    hw.add_argument("--precision", default="32-true")
    hw.add_argument("--devices", default="auto")
    return parser
