"""The XLA FSDP strategy of a run, from the defaults."""
from lightning.fabric.strategies import XLAFSDPStrategy

from ..config.defaults import ACTIVATION_CHECKPOINTING_POLICY, AUTO_WRAP_POLICY, STATE_DICT_TYPE


def make_strategy(remat: bool = False) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(
        auto_wrap_policy=AUTO_WRAP_POLICY,
        activation_checkpointing_policy=ACTIVATION_CHECKPOINTING_POLICY if remat else None,
        state_dict_type=STATE_DICT_TYPE,
    )
