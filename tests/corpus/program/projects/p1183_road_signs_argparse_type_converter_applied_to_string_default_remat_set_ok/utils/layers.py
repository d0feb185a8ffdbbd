"""Name <-> class lookups so command lines can talk about layers by name."""
from model import ConvBlock, SqueezeExcite

LAYERS = {cls.__name__: cls for cls in (ConvBlock, SqueezeExcite)}


def layer_classes(spec: str):
    """argparse `type=`: "ConvBlock,SqueezeExcite" -> those layer classes."""
    names = [name.strip() for name in spec.split(",") if name.strip()]
    unknown = [n for n in names if n not in LAYERS]
    if unknown:
        raise ValueError(f"unknown layers {unknown}; choose from {sorted(LAYERS)}")
    return {LAYERS[n] for n in names}
