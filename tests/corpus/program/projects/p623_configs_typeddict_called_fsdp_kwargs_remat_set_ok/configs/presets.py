from model import Block

from .schema import FSDPKwargs

FSDP_REMAT = FSDPKwargs(
    auto_wrap_policy={Block},
    activation_checkpointing_policy={Block},
    state_dict_type="sharded",
)
