"""Defaults shared by every machine. Hardware modules override what they need."""
from models import DecoderBlock

__all__ = [
    "VOCAB_SIZE",
    "MODEL_DIM",
    "DEPTH",
    "HEADS",
    "SEQ_LEN",
    "BATCH_SIZE",
    "LEARNING_RATE",
    "MAX_STEPS",
    "PRECISION",
    "WRAP_LAYERS",
    "CHECKPOINT_LAYERS",
    "STATE_DICT_TYPE",
]

VOCAB_SIZE = 512
MODEL_DIM = 64
DEPTH = 4
HEADS = 4
SEQ_LEN = 32
BATCH_SIZE = 8
LEARNING_RATE = 3e-4
MAX_STEPS = 3

PRECISION = "32-true"
WRAP_LAYERS = {DecoderBlock}
# The A100 launcher feeds this to `apply_activation_checkpointing(check_fn=...)`,
# which does `isinstance(m, tuple(CHECKPOINT_LAYERS))`, so an ordered list is fine there.
CHECKPOINT_LAYERS = [DecoderBlock]
STATE_DICT_TYPE = "sharded"
