"""The sharded strategy, pinned to the TPU accelerator so tests can build it without a Fabric."""
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy

from model import LeafBlock


def sharded_strategy() -> XLAFSDPStrategy:
    return XLAFSDPStrategy(accelerator=XLAAccelerator(), auto_wrap_policy={LeafBlock}, state_dict_type="sharded")
