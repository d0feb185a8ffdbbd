"""The built-in precision plugins."""
from lightning.fabric.plugins import HalfPrecision, XLAPrecision

from plugins import register


@register("xla-bf16")
def xla_bf16():
    return XLAPrecision("bf16-true")


@register("xla-fp32")
def xla_fp32():
    return XLAPrecision("32-true")


@register("half-bf16")
def half_bf16():
    return HalfPrecision("bf16-true")
