"""What timm's `amp_autocast = partial(torch.autocast, device_type=device.type, dtype=amp_dtype)` became under Fabric."""
from lightning.fabric.plugins import XLAPrecision


def resolve_precision_plugin(args):
    if args.amp:
        precision = "bf16-true" if args.amp_dtype == "bfloat16" else "16-true"
        return XLAPrecision(precision)
    return XLAPrecision("32-true")
