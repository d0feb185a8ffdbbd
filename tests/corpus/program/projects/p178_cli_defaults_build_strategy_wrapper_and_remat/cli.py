"""Command-line flags. The defaults are the settings of the 1B run on a v4-32."""
import argparse


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="train the block net under XLA FSDP")
    parser.add_argument("--steps", type=int, default=2)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--wrapper", choices=["none", "checkpoint"], default="checkpoint",
                        help="wrap each FSDP unit in torch_xla's checkpoint_module")
    parser.add_argument("--no-remat", dest="remat", action="store_false",
                        help="do not checkpoint the activations of each block")
    return parser.parse_args(argv)
