"""The Fabric for a run: XLA FSDP over every TPU core, the precision the arguments ask for."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from .modeling import Block


def precision_from_args(args):
    if args.bf16:
        return "bf16-true"
    if args.fp16:
        return "16-true"
    return "32-true"


def build_fabric(args):
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    return Fabric(accelerator="tpu", strategy=strategy, precision=precision_from_args(args))
