"""A laptop run: one CPU process; autocast to bfloat16 as on the GPU cluster."""
from . import register


@register("cpu")
def cpu_backend() -> dict:
    return {"accelerator": "cpu", "devices": 1, "precision": "bf16-mixed"}
