"""The precision plugin the arguments ask for."""
from lightning.fabric.plugins import XLAPrecision


def precision_plugin(args):
    if args.bf16:
        return XLAPrecision("bf16-true")
    return XLAPrecision("16-true")
