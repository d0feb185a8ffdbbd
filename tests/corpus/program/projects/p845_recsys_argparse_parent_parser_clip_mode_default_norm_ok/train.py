# expect: none
# oracle: OK
# twin: p844_recsys_argparse_parent_parser_clip_mode_default_value
"""Two-tower recommender on TPU; the parser is assembled from the shared `parents=[...]` argument groups in cli/parents.py."""
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from cli.parents import hardware_parser, optim_parser
from loop import fit
from recsys import Tower


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, parents=[hardware_parser(), optim_parser()])
    parser.add_argument("--run-name", default="two-tower")
    return parser.parse_args()


if __name__ == "__main__":
    args = parse_args()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Tower})
    fabric = Fabric(accelerator=args.accelerator, precision=args.precision, strategy=strategy)
    fabric.launch(fit, args)
