"""Turn a resolved config into the Fabric that runs it."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import FrameEncoder, TemporalMixer


def build_strategy(name):
    if name == "xla_fsdp":
        return XLAFSDPStrategy(auto_wrap_policy={FrameEncoder, TemporalMixer})
    return name


def build_fabric(fabric_cfg):
    options = dict(fabric_cfg)
    strategy = build_strategy(options.pop("strategy"))
    return Fabric(strategy=strategy, **options)
