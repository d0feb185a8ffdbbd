"""The Fabric the captioner trains with: every core of the TPU host, one FSDP unit per decoder layer."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ..model import DecoderLayer


def make_fabric() -> Fabric:
    return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={DecoderLayer}))
