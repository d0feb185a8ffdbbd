"""The clippers a run can name."""
from clippers.base import Clipper


class ValueClip(Clipper):
    """Cut every gradient entry to [-0.5, 0.5]."""

    clip_val = 0.5

    def describe(self):
        return f"clip by value at {self.clip_val}"


class HardValueClip(ValueClip):
    """Cut every gradient entry to [-0.1, 0.1]: for the first steps of a run that diverges."""

    clip_val = 0.1
