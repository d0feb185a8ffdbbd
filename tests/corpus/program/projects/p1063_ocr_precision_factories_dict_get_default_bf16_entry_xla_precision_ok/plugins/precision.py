"""Precision plugins by short name; an unknown name falls back to full precision on XLA."""
import functools

from lightning.fabric.plugins import XLAPrecision

_FALLBACK = functools.partial(XLAPrecision, "32-true")

PRECISION_FACTORIES = {
    "fp32": functools.partial(XLAPrecision, "32-true"),
    "bf16": functools.partial(XLAPrecision, "bf16-true"),
}


def make_precision(name: str):
    return PRECISION_FACTORIES.get(name, _FALLBACK)()
