"""Builds the Fabric a run config describes; the config's shape says which kind of run it is."""
from typing import Any

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def fabric_from_config(cfg: dict[str, Any], wrap: set) -> Fabric:
    match cfg:
        case {"accelerator": "tpu", "fsdp": True, **rest}:
            return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=wrap), **rest)
        case {"accelerator": "tpu", **rest}:
            return Fabric(accelerator="tpu", strategy="xla", **rest)
        case {"accelerator": "cpu" | "cuda" as accelerator, **rest}:
            return Fabric(accelerator=accelerator, strategy="ddp", **rest)
        case _:
            raise ValueError(f"cannot tell which run {cfg!r} describes")
