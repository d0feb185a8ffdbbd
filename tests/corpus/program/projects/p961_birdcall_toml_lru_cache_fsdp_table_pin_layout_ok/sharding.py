"""How the classifier is sharded on the pod: one FSDP unit per FrameBlock, extra options from [fsdp]."""
from lightning.fabric.strategies import XLAFSDPStrategy

from config import get_config
from model import FrameBlock


def make_strategy() -> XLAFSDPStrategy:
    fsdp_options = dict(get_config().get("fsdp", {}))
    return XLAFSDPStrategy(auto_wrap_policy={FrameBlock}, **fsdp_options)
