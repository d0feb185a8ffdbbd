"""Command line of the news-topic classifier."""
import argparse
import tempfile


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Train a bag-of-words news topic classifier on a TPU VM.")
    parser.add_argument("--vocab", type=int, default=500)
    parser.add_argument("--topics", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--out-dir", default=None, help="where checkpoints go (default: a fresh temp dir)")
    parser.add_argument(
        "--ckpt-format",
        choices=["sharded", "full"],
        default="shards",
        help="one file per TPU core, or a single consolidated file",
    )
    return parser


def parse_args(argv=None):
    args = build_parser().parse_args(argv)
    if args.out_dir is None:
        args.out_dir = tempfile.mkdtemp(prefix="news-topics-")
    return args
