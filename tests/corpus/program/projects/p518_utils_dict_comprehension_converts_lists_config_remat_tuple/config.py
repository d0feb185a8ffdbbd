"""Sharding settings, as the YAML they came from spells them."""
from model import Block

SHARDING = {
    "auto_wrap_policy": [Block],
    "activation_checkpointing_policy": (Block,),
    "state_dict_type": "sharded",
}
LR = 3e-4
STEPS = 2
