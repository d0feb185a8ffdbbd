"""One place that knows how this team starts a Fabric job (GPU nodes via torchrun, TPU VMs by spawning)."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Runtime:
    def __init__(self, wrap, entry=None, precision="32-true"):
        self.fabric = Fabric(
            accelerator="tpu",
            devices="auto",
            precision=precision,
            strategy=XLAFSDPStrategy(auto_wrap_policy=set(wrap)),
        )
        self.entry = entry

    def start(self, *args):
        if self.entry is None:
            # script mode: every process carries on with the caller's code (torchrun style)
            self.fabric.launch()
            return None
        return self.fabric.launch(self.entry, *args)
