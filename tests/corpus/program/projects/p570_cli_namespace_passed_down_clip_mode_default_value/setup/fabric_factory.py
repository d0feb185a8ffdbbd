"""Builds the Fabric from the parsed command line."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def build_fabric(args):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    return Fabric(accelerator="tpu", precision=args.precision, strategy=strategy)
