"""Fabric from a TaggerConfig: the strategy name becomes a strategy object where we need its options."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from .model import ConvStem


def make_strategy(name):
    if name == "xla_fsdp":
        return XLAFSDPStrategy(auto_wrap_policy={ConvStem})
    return name


def make_fabric(cfg):
    return Fabric(strategy=make_strategy(cfg.strategy), **cfg.fabric_kwargs())
