"""How a run's `parallelism` setting becomes a Fabric strategy on the TPU VM."""
from lightning.fabric import Fabric

STRATEGY_BY_PARALLELISM = {
    "data": "xla",
    "fsdp": "xla_fsdp",
}


def make_fabric(cfg):
    return Fabric(
        accelerator="tpu",
        devices=cfg.devices,
        precision=cfg.precision,
        strategy=STRATEGY_BY_PARALLELISM[cfg.parallelism],
    )
