"""Mixed precision on TPU: the plugin every run uses, and the flag the old GPU runs used."""
from lightning.fabric.plugins import XLAPrecision

FLAG = "bf16-true"


def plugins():
    return [XLAPrecision("bf16-true")]
