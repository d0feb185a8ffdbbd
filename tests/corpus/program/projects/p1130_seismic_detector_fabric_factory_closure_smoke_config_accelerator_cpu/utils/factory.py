"""Build the Fabric lazily from a run config."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_fabric(cfg):
    options = {"accelerator": cfg.accelerator, "devices": cfg.devices, "precision": cfg.precision}
    fsdp_kwargs = dict(cfg.fsdp)

    def new_strategy():
        return XLAFSDPStrategy(**fsdp_kwargs)

    return lambda: Fabric(strategy=new_strategy(), **options)
