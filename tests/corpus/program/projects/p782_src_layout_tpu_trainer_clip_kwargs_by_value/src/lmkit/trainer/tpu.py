"""TPU flavour of the trainer: XLAFSDP with one shard unit per residual block."""
from lightning.fabric.strategies import XLAFSDPStrategy

from ..model import ResidualBlock
from .base import Trainer


class TPUTrainer(Trainer):
    @classmethod
    def make_strategy(cls, cfg):
        return XLAFSDPStrategy(auto_wrap_policy={ResidualBlock}, state_dict_type="sharded")

    def clip_kwargs(self):
        # The global norm needs a cross-replica reduction every step; clipping each
        # element is local to the shard, so it is cheaper on a pod.
        return {**super().clip_kwargs(), "clip_val": self.cfg.grad_clip, "max_norm": None}
