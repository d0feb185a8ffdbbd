"""Builds the Fabric for a run profile."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from profiles import PROFILES


def fabric_for(profile_name: str) -> Fabric:
    profile = PROFILES[profile_name]
    strategy = XLAFSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer})
    return Fabric(accelerator="tpu", devices=profile.devices, strategy=strategy)
