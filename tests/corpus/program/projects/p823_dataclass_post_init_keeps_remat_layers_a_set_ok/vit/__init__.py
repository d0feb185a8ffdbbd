from .layers import MLP, EncoderBlock, PatchEmbed
from .model import TinyViT

LAYERS = {cls.__name__: cls for cls in (PatchEmbed, EncoderBlock, MLP)}

__all__ = ["LAYERS", "MLP", "EncoderBlock", "PatchEmbed", "TinyViT"]
