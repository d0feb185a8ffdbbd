"""The Fabric of the run, from the config module as train.py left it."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Block


def make_fabric() -> Fabric:
    if config.ACCELERATOR == "tpu":
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    else:
        strategy = "fsdp"
    return Fabric(accelerator=config.ACCELERATOR, precision=config.PRECISION, strategy=strategy)
