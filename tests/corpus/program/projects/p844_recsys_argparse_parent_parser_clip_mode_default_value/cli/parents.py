"""Reusable argument groups: every entry point builds its parser from these with `parents=[...]`."""
import argparse


def hardware_parser():
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("hardware")
    group.add_argument("--accelerator", default="tpu")
    group.add_argument("--precision", default="bf16-true")
    return parser


def optim_parser():
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("optimization")
    group.add_argument("--lr", type=float, default=1e-2)
    group.add_argument("--clip", type=float, default=0.5, help="gradient clipping threshold")
    group.add_argument("--clip-mode", choices=("value", "norm"), default="value")
    group.add_argument("--steps", type=int, default=3)
    return parser
