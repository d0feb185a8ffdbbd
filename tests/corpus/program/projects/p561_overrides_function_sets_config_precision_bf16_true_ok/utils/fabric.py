"""The Fabric of the run, from config.py as the entry left it."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Block


def make_fabric() -> Fabric:
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}) if config.STRATEGY == "xla_fsdp" else config.STRATEGY
    return Fabric(accelerator=config.ACCELERATOR, precision=config.PRECISION, strategy=strategy)
