"""The precision plugin the arguments ask for."""
from lightning.fabric.plugins import HalfPrecision


def precision_plugin(args):
    if args.bf16:
        return HalfPrecision("bf16-true")
    return HalfPrecision("16-true")
