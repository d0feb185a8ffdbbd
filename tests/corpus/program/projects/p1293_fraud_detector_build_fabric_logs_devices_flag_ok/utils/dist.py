"""Builds the Fabric object for the TPU VM and logs what the run is using."""
import logging

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

log = logging.getLogger("fraud")


def build_fabric(cfg, wrap_modules):
    strategy = XLAFSDPStrategy(auto_wrap_policy=set(wrap_modules), state_dict_type="sharded")
    fabric = Fabric(accelerator=cfg.accelerator, devices=cfg.devices, precision=cfg.precision, strategy=strategy)
    log.info("fabric ready: strategy=%s precision=%s devices=%s", type(strategy).__name__, cfg.precision, cfg.devices)
    return fabric
