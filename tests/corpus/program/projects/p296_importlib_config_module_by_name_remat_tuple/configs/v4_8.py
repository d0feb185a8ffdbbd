"""v4-8: recompute the blocks in backward to fit the batch."""
from model import Block

PRECISION = "bf16-true"
STRATEGY = dict(
    auto_wrap_policy={Block},
    activation_checkpointing_policy=(Block,),
    state_dict_type="sharded",
)
STEPS = 2
