"""Handlers that prepare a run for a TPU host; importing this module registers them."""
from lightning.fabric.accelerators import XLAAccelerator

from forecast.model import ResidualMLP
from runtime.events import on


@on("configure")
def shard_residual_blocks(fabric_kw, strategy_kw):
    strategy_kw.setdefault("auto_wrap_policy", {ResidualMLP})


@on("configure")
def pin_accelerator(fabric_kw, strategy_kw):
    fabric_kw["accelerator"] = XLAAccelerator()
