"""The one Fabric builder the training and evaluation entry points share."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def build_fabric(precision="32-true", plugins=None, wrap=None, **strategy_kwargs):
    strategy = XLAFSDPStrategy(auto_wrap_policy=wrap, **strategy_kwargs)
    return Fabric(accelerator="tpu", strategy=strategy, precision=precision, plugins=plugins)
