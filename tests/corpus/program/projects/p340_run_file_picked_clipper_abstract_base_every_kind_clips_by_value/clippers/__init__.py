"""Gradient clippers, by the name the run file gives."""
from clippers.kinds import HardValueClip, ValueClip

CLIPPERS = {"value": ValueClip, "hard_value": HardValueClip}
