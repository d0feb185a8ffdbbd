"""Build the Fabric (strategy + plugins) from a profile's settings."""
from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy

from .model import SpectroBlock

CHECKPOINT_IO = {"xla": XLACheckpointIO, "torch": TorchCheckpointIO}


def build_fabric(settings):
    plugins = [CHECKPOINT_IO[settings["checkpoint"]["io"]]()]
    strategy = XLAFSDPStrategy(auto_wrap_policy={SpectroBlock})
    return Fabric(strategy=strategy, plugins=plugins, **settings["fabric"])
