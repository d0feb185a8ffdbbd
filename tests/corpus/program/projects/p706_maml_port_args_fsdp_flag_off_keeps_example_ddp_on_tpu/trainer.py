from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class FabricMixin:
    def __init__(self, *, accelerator, strategy, **kwargs):
        self.fabric = Fabric(accelerator=accelerator, strategy=strategy)
        super().__init__(**kwargs)

    def launch(self, fn, *args):
        return self.fabric.launch(fn, *args)


class BaseMetaTrainer:
    def __init__(self, args):
        self.args = args


class MetaTrainer(FabricMixin, BaseMetaTrainer):
    def __init__(self, args):
        strategy = XLAFSDPStrategy() if args.fsdp else args.strategy
        super().__init__(accelerator=args.accelerator, strategy=strategy, args=args)
