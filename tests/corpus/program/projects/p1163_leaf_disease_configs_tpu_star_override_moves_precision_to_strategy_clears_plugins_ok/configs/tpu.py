"""TPU v3-8 host: bf16 weights, a wider network."""
from lightning.fabric.plugins import XLAPrecision

from .base import *  # noqa: F401,F403
from .base import STRATEGY_KWARGS

PRECISION_NAME = "bf16-true"
WIDTH = 32
# XLA-FSDP needs the compute dtype when it flattens the parameters, so the strategy carries the plugin itself
STRATEGY_KWARGS = {**STRATEGY_KWARGS, "precision": XLAPrecision(PRECISION_NAME)}
PLUGINS = []  # the precision travels with the strategy now
