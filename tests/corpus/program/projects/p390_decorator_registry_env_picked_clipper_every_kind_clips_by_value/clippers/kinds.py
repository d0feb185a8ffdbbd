"""The clippers a run can name."""
from clippers.registry import Clipper, register


@register("value")
class ValueClip(Clipper):
    clip_val = 0.5


@register("warmup")
class WarmupClip(ValueClip):
    """Tighter, for the first steps of a run that diverges."""

    clip_val = 0.1
