"""Defaults of a run."""
from constants import Accelerator, Precision

ACCELERATOR = Accelerator.CPU
PRECISION = Precision.BF16_TRUE
STEPS = 2
LR = 3e-4
