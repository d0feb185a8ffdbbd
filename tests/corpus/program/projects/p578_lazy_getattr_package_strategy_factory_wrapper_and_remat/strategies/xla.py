"""The TPU strategy of this project."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from strategies.wrappers import checkpointed_fsdp


def make_strategy(remat: bool = True, state_dict_type: str = "sharded"):
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        auto_wrapper_callable=checkpointed_fsdp,
        activation_checkpointing_policy={Block} if remat else None,
        state_dict_type=state_dict_type,
    )
