"""One Fabric per process, built on first use: any module calls `get_fabric()` instead of passing it around."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

_FABRIC = None


def get_fabric():
    global _FABRIC
    if _FABRIC is None:
        _FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    return _FABRIC
