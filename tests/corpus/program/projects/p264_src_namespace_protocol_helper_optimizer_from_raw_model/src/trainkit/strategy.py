"""The XLA FSDP strategy this package trains with."""
from lightning.fabric.strategies import XLAFSDPStrategy

from trainkit.model import Block


def xla_fsdp() -> XLAFSDPStrategy:
    return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
