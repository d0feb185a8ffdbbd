"""reviewstars: predict a product review's star rating from its tokens."""
from . import presets
from .model import EncoderLayer, ReviewEncoder, review_batch

__all__ = ["presets", "EncoderLayer", "ReviewEncoder", "review_batch"]
