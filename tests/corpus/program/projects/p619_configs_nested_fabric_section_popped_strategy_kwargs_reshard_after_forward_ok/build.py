"""Turns a config's `fabric` section into a Fabric: the nested `strategy` dict becomes XLAFSDPStrategy."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def build_fabric(cfg):
    fabric_cfg = dict(cfg["fabric"])
    strategy_cfg = fabric_cfg.pop("strategy")
    return Fabric(**fabric_cfg, strategy=XLAFSDPStrategy(**strategy_cfg))
