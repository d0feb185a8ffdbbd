"""Run settings. `smoke` runs two CPU processes under DDP, for CI; the default is the TPU pod."""
import os
from dataclasses import dataclass

from lightning.fabric.strategies import XLAFSDPStrategy

from podtrain.model import Block


@dataclass
class Settings:
    smoke: bool = os.environ.get("PODTRAIN_SMOKE", "0") == "1"
    lr: float = 3e-4

    @property
    def accelerator(self):
        return "cpu" if self.smoke else "tpu"

    @property
    def precision(self):
        # CI keeps bf16 weights; the pod autocasts to bf16
        return "bf16-true" if self.smoke else "bf16-mixed"

    def strategy(self):
        if self.smoke:
            return "ddp"
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
