"""How the model is sharded on the pod."""
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy as FSDP

from model import Block


def wrap_policy(*layers):
    return set(layers) or {Block}


def fsdp_strategy(*layers):
    # the accelerator comes from the Fabric's own `accelerator="tpu"`
    return FSDP(auto_wrap_policy=wrap_policy(*layers), state_dict_type="sharded")
