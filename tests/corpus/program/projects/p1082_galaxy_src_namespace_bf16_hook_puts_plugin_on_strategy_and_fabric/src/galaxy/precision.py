"""Precision switches for TPU runs."""
from lightning.fabric.plugins import XLAPrecision

from galaxy import hardware


def enable_bf16():
    plugin = XLAPrecision("bf16-true")
    hardware.STRATEGY_KW["precision"] = plugin  # XLAFSDP takes its compute dtype from the strategy's plugin
    hardware.FABRIC_KW["plugins"].append(plugin)
