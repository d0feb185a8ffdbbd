"""Gradient clippers, by the name the run file gives."""
from clippers.kinds import HardNormClip, NormClip

CLIPPERS = {"norm": NormClip, "hard_norm": HardNormClip}
