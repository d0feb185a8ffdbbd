"""How podasr runs on a TPU host: one XLA-FSDP unit per conv block."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from . import constants as C
from .model import ConvBlock

__all__ = ["make_fabric", "make_strategy"]


def make_strategy() -> XLAFSDPStrategy:
    return XLAFSDPStrategy(auto_wrap_policy={ConvBlock}, state_dict_type=C.CHECKPOINT_FORMAT)


def make_fabric(precision: str = "32-true") -> Fabric:
    return Fabric(accelerator="tpu", precision=precision, strategy=make_strategy())
