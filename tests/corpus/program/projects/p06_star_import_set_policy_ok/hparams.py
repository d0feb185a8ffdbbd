"""Hyperparameters shared by every experiment script."""
from model import Block

__all__ = ["LEARNING_RATE", "MAX_STEPS", "FSDP_KWARGS"]

LEARNING_RATE = 1e-3
MAX_STEPS = 2
FSDP_KWARGS = dict(
    auto_wrap_policy={Block},
    activation_checkpointing_policy={Block},
    state_dict_type="sharded",
)
_PRIVATE_SEED = 1234
