"""The clippers a run can name."""
from clippers.base import Clipper


class NormClip(Clipper):
    """Rescale the gradients so their total norm is at most 1."""

    max_norm = 1.0

    def describe(self):
        return f"clip by norm at {self.max_norm}"


class HardNormClip(NormClip):
    """Rescale the gradients to a total norm of at most 0.1: for the first steps of a run that diverges."""

    max_norm = 0.1
