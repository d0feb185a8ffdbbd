"""TPU v4-8 host: XLAFSDP over every core, bf16 weights, activation checkpointing per block."""
from models import DecoderBlock

__all__ = ["ACCELERATOR", "PRECISION", "BATCH_SIZE", "SEQ_LEN", "CHECKPOINT_LAYERS"]

ACCELERATOR = "tpu"
PRECISION = "bf16-true"
BATCH_SIZE = 16
SEQ_LEN = 32

# XLAFSDPStrategy wants a set here: it builds its checkpointing wrapper from it.
CHECKPOINT_LAYERS = {DecoderBlock}
