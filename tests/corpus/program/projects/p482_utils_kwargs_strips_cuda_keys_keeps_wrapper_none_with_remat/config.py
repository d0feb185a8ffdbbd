"""One FSDP table for both clusters: every knob is listed, None where the strategy's default is wanted."""
from model import Block

FSDP = {
    "auto_wrap_policy": {Block},
    "activation_checkpointing_policy": {Block},
    "auto_wrapper_callable": None,  # a custom wrapper class; None: wrap by the policy
    "state_dict_type": "sharded",
    # CUDA FSDP only
    "sharding_strategy": "FULL_SHARD",
    "limit_all_gathers": True,
}

STEPS = 2
LR = 3e-4
