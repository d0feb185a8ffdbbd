"""The strategies a run can ask for by name."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from registry import STRATEGIES
from wrapping import wrap_unit


@STRATEGIES.register("fsdp")
def plain_fsdp():
    return XLAFSDPStrategy(auto_wrap_policy={Block})


@STRATEGIES.register("fsdp-remat")
def fsdp_with_remat():
    # recompute each block's activations in backward to fit longer sequences
    return XLAFSDPStrategy(auto_wrap_policy={Block}, auto_wrapper_callable=wrap_unit,
                           activation_checkpointing_policy={Block})
