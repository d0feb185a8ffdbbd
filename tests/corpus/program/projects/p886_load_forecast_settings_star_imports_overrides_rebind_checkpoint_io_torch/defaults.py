"""Project-wide defaults. Do not edit per machine: put site changes in overrides.py."""
from lightning.fabric.plugins import XLACheckpointIO

ACCELERATOR = "tpu"
PRECISION = "32-true"
CONTEXT = 48  # hours of history the model sees
HORIZON = 12  # hours it predicts
HIDDEN = 128
STEPS = 4
LR = 1e-3
CHECKPOINT_IO = XLACheckpointIO()
