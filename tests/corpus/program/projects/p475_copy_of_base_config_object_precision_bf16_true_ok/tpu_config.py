"""The TPU pod run: the base settings with the accelerator and the precision changed."""
import copy

from base_config import BASE

TPU = copy.copy(BASE)
TPU.accelerator = "tpu"
TPU.precision = "bf16-true"
