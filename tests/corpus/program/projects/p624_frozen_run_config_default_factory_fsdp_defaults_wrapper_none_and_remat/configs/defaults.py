"""Defaults for the FSDP section of a run; every key XLAFSDPStrategy reads is listed, so a run's config shows them."""
from model import Block


def fsdp_defaults():
    return {
        "auto_wrap_policy": {Block},
        "auto_wrapper_callable": None,  # None: Lightning's default wrapper
        "activation_checkpointing_policy": {Block},
        "state_dict_type": "sharded",
        "sequential_save": False,
    }
