"""What timm's `amp_autocast = partial(torch.autocast, device_type=device.type, dtype=amp_dtype)` became under Fabric."""
from lightning.fabric.plugins import MixedPrecision, XLAPrecision


def resolve_precision_plugin(args):
    if args.amp:
        precision = "bf16-mixed" if args.amp_dtype == "bfloat16" else "16-mixed"
        return MixedPrecision(precision=precision, device="cuda")
    return XLAPrecision("32-true")
