"""The Fabric of a run, from a settings module or object."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def setup_fabric(cfg) -> Fabric:
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=set(cfg.WRAP_LAYERS),
        activation_checkpointing_policy=cfg.REMAT_LAYERS,
    )
    return Fabric(accelerator=cfg.ACCELERATOR, precision=cfg.PRECISION, strategy=strategy)
