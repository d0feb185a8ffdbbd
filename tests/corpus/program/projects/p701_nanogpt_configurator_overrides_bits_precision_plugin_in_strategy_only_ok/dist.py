"""Fabric construction for the TPU pod."""
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def precision_plugin(bits):
    return XLAPrecision(f"{bits}-true")


def make_strategy(config):
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        precision=precision_plugin(config["bits"]),
        state_dict_type="sharded",
    )


def make_fabric(config, *plugins):
    return Fabric(accelerator="tpu", strategy=make_strategy(config), plugins=list(plugins) or None)
