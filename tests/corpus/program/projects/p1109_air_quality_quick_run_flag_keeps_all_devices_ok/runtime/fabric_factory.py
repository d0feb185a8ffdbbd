"""Builds the Fabric every entry point uses: TPU, XLA FSDP, devices and strategy options chosen by the caller."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_fabric(*, devices="auto", **strategy_kwargs):
    return Fabric(accelerator="tpu", devices=devices, strategy=XLAFSDPStrategy(**strategy_kwargs))
