"""Building the Fabric: defaults from config.py, overridden by the caller."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import BASE_FABRIC, STRATEGY


def _fabric_kwargs(**overrides):
    return {**BASE_FABRIC, **overrides}


def _strategy(**overrides):
    return XLAFSDPStrategy(**{**STRATEGY, **overrides})


def get_fabric(strategy_kwargs=None, **kwargs):
    return Fabric(strategy=_strategy(**(strategy_kwargs or {})), **_fabric_kwargs(**kwargs))
