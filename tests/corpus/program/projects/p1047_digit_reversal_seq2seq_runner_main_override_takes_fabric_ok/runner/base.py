"""BaseRunner: owns the Fabric; `run()` builds the strategy and launches `main` in each TPU process."""
import abc

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class BaseRunner(abc.ABC):
    def __init__(self, *, steps=3, lr=1e-3, wrap_layers=None, precision="32-true"):
        self.steps = steps
        self.lr = lr
        self.wrap_layers = set(wrap_layers or ())
        self.precision = precision
        self.fabric = None

    def build_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers or None)

    @abc.abstractmethod
    def main(self, fabric):
        """The per-process body: set up, train, report."""

    def run(self):
        self.fabric = Fabric(accelerator="tpu", strategy=self.build_strategy(), precision=self.precision)
        self.fabric.launch(self.main)
