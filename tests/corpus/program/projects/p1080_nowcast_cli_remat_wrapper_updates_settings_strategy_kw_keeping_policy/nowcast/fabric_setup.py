"""Builds the Fabric of a run from `settings` at call time."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import settings


def make_fabric():
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**settings.STRATEGY_KW))
