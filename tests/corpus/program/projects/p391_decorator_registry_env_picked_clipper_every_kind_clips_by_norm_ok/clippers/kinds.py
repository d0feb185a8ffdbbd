"""The clippers a run can name."""
from clippers.registry import Clipper, register


@register("norm")
class NormClip(Clipper):
    max_norm = 1.0


@register("warmup")
class WarmupClip(NormClip):
    """Tighter, for the first steps of a run that diverges."""

    max_norm = 0.1
