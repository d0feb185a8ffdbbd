"""Turn a Config into Fabric's keyword arguments."""
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy

from model import StationMixer


def plugins_from(section):
    plugins = []
    if section.xla_precision is not None:
        plugins.append(XLAPrecision(section.xla_precision))
    return plugins or None


def fabric_kwargs(cfg) -> dict:
    return {
        "accelerator": cfg.fabric.accelerator,
        "devices": cfg.fabric.devices,
        "precision": cfg.fabric.precision,
        "plugins": plugins_from(cfg.plugins),
        "strategy": XLAFSDPStrategy(auto_wrap_policy={StationMixer}),
    }
