"""podasr: the model, the Fabric factory and the constants every script reads."""
from . import constants
from .model import ConvBlock, CTCEncoder, synthetic_batch
from .strategies import *  # noqa: F403  (make_fabric, make_strategy)

__all__ = ["constants", "ConvBlock", "CTCEncoder", "synthetic_batch", "make_fabric", "make_strategy"]
__version__ = "0.2.0"
