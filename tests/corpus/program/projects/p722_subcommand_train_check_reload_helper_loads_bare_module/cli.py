"""Command line: `train` and `eval` sub-commands, each with its own defaults."""
import argparse


def build_parser():
    parser = argparse.ArgumentParser(prog="train.py")
    parser.add_argument("--ckpt-dir", default="checkpoints")
    parser.add_argument("--steps", type=int, default=2)
    sub = parser.add_subparsers(dest="command", required=True)

    tr = sub.add_parser("train", help="train from scratch and save a sharded checkpoint")
    tr.add_argument("--lr", type=float, default=1e-3)
    tr.add_argument("--no-check-reload", dest="check_reload", action="store_false")
    tr.set_defaults(check_reload=True)

    ev = sub.add_parser("eval", help="evaluate a saved checkpoint")
    ev.add_argument("--step", type=int, required=True)
    ev.set_defaults(check_reload=False, lr=0.0)
    return parser
