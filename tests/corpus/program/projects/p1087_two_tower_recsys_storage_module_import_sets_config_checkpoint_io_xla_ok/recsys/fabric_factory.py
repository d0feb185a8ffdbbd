"""Builds the run's Fabric from `config` when called."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from recsys.model import Tower


def build_fabric():
    plugins = [config.CHECKPOINT_IO] if config.CHECKPOINT_IO is not None else []
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Tower}), plugins=plugins)
