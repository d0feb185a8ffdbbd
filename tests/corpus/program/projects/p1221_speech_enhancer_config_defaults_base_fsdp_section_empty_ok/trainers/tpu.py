"""TPU flavour: the FSDP section of the config goes to XLAFSDPStrategy as is."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import EnhancerBlock
from trainers.base import BaseTrainer


class TPUTrainer(BaseTrainer, kind="tpu"):
    @classmethod
    def configure_strategy(cls, cfg):
        return XLAFSDPStrategy(auto_wrap_policy={EnhancerBlock}, **cfg.get("fsdp", {}))
