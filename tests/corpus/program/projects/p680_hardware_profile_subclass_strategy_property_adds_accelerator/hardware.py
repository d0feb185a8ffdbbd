"""Hardware profiles: one class per machine type, picked by name."""
import os

from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


class Hardware:
    accelerator = "auto"
    devices = "auto"
    precision = "32-true"

    @property
    def strategy(self):
        return "auto"

    def fabric_kwargs(self):
        return {
            "accelerator": self.accelerator,
            "devices": self.devices,
            "precision": self.precision,
            "strategy": self.strategy,
        }


class TPUPod(Hardware):
    accelerator = "tpu"
    precision = "bf16-true"

    @property
    def strategy(self):
        return XLAFSDPStrategy(accelerator=XLAAccelerator(), auto_wrap_policy={Block}, state_dict_type="sharded")


PROFILES = {"cpu": Hardware, "tpu-pod": TPUPod}


def current():
    return PROFILES[os.environ.get("HARDWARE", "tpu-pod")]()
