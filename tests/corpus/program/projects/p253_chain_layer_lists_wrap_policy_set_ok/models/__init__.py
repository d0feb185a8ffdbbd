"""The seq2seq model and, per half, the layer classes XLA FSDP wraps on their own."""
from models import decoder, encoder
from models.seq2seq import Seq2Seq

WRAP_GROUPS = [encoder.WRAP_LAYERS, decoder.WRAP_LAYERS]

__all__ = ["Seq2Seq", "WRAP_GROUPS"]
