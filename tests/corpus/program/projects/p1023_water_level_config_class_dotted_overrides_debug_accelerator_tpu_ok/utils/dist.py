"""Fabric construction for the regressor: XLA FSDP, the gauge encoder is the unit of sharding."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_fabric(trainer, wrap_layers):
    return Fabric(
        accelerator=trainer["accelerator"],
        devices=trainer["devices"],
        precision=trainer["precision"],
        strategy=XLAFSDPStrategy(auto_wrap_policy=set(wrap_layers)),
    )
