"""captioner: a tiny caption decoder over precomputed image features."""
from . import constants

__all__ = ["constants"]
