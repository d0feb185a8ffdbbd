"""Settings every run shares. Hardware files do `from .base import *` and override what they need."""
from lightning.fabric.plugins import XLAPrecision

# data
IMAGE_SIZE = 16
CLASSES = 5
BATCH = 8

# model and optimisation
WIDTH = 16
LR = 1e-3
STEPS = 3

# hardware
ACCELERATOR = "tpu"
PRECISION_NAME = "32-true"
# plugins are spelled out so the torch_xla debug runs use the same file
PLUGINS = [XLAPrecision(PRECISION_NAME)]
STRATEGY_KWARGS = {"state_dict_type": "sharded"}
