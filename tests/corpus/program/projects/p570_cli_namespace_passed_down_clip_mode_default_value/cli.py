"""Command line of the fine-tuning run."""
import argparse


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Fine-tune the classifier on TPU with XLA FSDP.")
    parser.add_argument("--precision", default="bf16-true", choices=["32-true", "bf16-true"])
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--grad-clip", type=float, default=1.0)
    parser.add_argument("--clip-mode", default="value", choices=["value", "norm"],
                        help="clip each gradient element, or the global norm")
    return parser.parse_args(argv)
