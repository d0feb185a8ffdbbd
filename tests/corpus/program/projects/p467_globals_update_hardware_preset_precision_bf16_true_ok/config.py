"""Run settings: the defaults below, then the preset of TARGET copied over them."""
from presets import PRESETS

TARGET = "v4-8"

ACCELERATOR = "auto"
DEVICES = "auto"
PRECISION = "32-true"
STEPS = 1

globals().update(PRESETS[TARGET])
