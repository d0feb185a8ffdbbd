from .model import TinyLM
from .settings import DECODE_METHOD, VOCAB

__all__ = ["TinyLM", "DECODE_METHOD", "VOCAB"]
