"""The clippers a run can name."""
from clippers.base import Clipper


class NormClip(Clipper):
    """Rescale the gradients so their total norm is at most 1."""

    max_norm = 1.0


class ValueClip(Clipper):
    """Cut every gradient entry to [-0.5, 0.5]."""

    clip_val = 0.5
