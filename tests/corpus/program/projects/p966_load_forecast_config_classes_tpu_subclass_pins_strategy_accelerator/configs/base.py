"""What every run shares; hardware targets override the class attributes they need."""
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy

from model import ForecastBlock


class BaseConfig:
    # hardware
    accelerator = "auto"
    devices = "auto"
    precision = "32-true"
    strategy_owns_accelerator = False
    # data and optimisation
    window = 24
    horizon = 6
    hidden = 32
    lr = 1e-3
    steps = 4

    def strategy(self) -> XLAFSDPStrategy:
        kwargs = {"auto_wrap_policy": {ForecastBlock}}
        if self.strategy_owns_accelerator:
            kwargs["accelerator"] = XLAAccelerator()
        return XLAFSDPStrategy(**kwargs)

    def fabric_kwargs(self) -> dict:
        return {
            "accelerator": self.accelerator,
            "devices": self.devices,
            "precision": self.precision,
            "strategy": self.strategy(),
        }
