"""Command-line options and their defaults."""
import argparse


def build_parser():
    parser = argparse.ArgumentParser(description="image classifier on whatever accelerator the host has")
    parser.add_argument("--accelerator", default="tpu", choices=["tpu", "cuda", "cpu"])
    parser.add_argument("--strategy", default="xla_fsdp")
    parser.add_argument("--backend", default="xla", help="which FSDP override section applies")
    parser.add_argument("--model", default="resnet-tiny")
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--precision", default="32-true")
    return parser
