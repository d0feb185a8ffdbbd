"""Defaults of a run."""
from constants import Accelerator, Precision

ACCELERATOR = Accelerator.TPU
PRECISION = Precision.BF16_TRUE
STEPS = 2
LR = 3e-4
