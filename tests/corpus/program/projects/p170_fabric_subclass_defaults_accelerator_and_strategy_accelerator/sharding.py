"""How the model is sharded on the pod."""
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy as FSDP

from model import Block


def wrap_policy(*layers):
    return set(layers) or {Block}


def fsdp_strategy(*layers):
    # pin the strategy to the TPU so it never falls back to whatever the host has
    return FSDP(accelerator=XLAAccelerator(), auto_wrap_policy=wrap_policy(*layers), state_dict_type="sharded")
