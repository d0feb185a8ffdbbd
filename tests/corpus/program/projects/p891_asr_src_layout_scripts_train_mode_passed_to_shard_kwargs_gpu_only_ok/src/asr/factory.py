"""Builds the Fabric for a run mode ("gpu" or "tpu")."""
from lightning.fabric import Fabric

from .strategies import strategy_for

ACCELERATORS = {"gpu": "cuda", "tpu": "tpu"}


def build(mode):
    return Fabric(accelerator=ACCELERATORS[mode], strategy=strategy_for(mode))
