"""Gradient clippers, by the name config.CLIP gives."""
from clippers.kinds import NormClip, ValueClip

CLIPPERS = {"norm": NormClip, "value": ValueClip}
