"""Builds the Fabric the current run configuration asks for."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import current
from model import Block


def build_fabric():
    cfg = current()
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), precision=cfg.precision)
