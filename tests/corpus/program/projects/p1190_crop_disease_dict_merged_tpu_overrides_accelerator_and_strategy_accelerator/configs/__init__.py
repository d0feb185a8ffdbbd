"""Fabric settings: the team defaults, updated with the overrides of the machine type."""
from configs import defaults, tpu_v3

MACHINES = {"default": {}, "tpu-v3-8": tpu_v3.OVERRIDES}


def fabric_settings(machine: str = "tpu-v3-8", **run) -> dict:
    return dict(defaults.FABRIC, **MACHINES[machine], **run)
