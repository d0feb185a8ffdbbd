"""One place that knows how to start the processes, whatever the strategy."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import DDPStrategy, XLAFSDPStrategy

from model import Block


def make_strategy(name):
    match name:
        case "ddp":
            return DDPStrategy(find_unused_parameters=False)
        case "xla_fsdp":
            return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
        case _:
            return "auto"


def launch(cfg, fn=None, *args):
    fabric = Fabric(accelerator=cfg.accelerator, strategy=make_strategy(cfg.strategy))
    if fn is None:
        # script mode: the rest of the caller runs in every process
        fabric.launch()
        return fabric
    return fabric.launch(fn, *args)
