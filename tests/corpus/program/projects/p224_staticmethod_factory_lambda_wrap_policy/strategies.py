"""The strategies a run can ask for by name: `Strategies.xla_fsdp()`, `Strategies.get("xla_fsdp")`."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


class Strategies:
    @staticmethod
    def xla_fsdp(min_params=0):
        # wrap every Block, and any other leaf big enough to be worth a shard of its own
        return XLAFSDPStrategy(
            auto_wrap_policy=lambda module, recurse, unwrapped_params: recurse
            or isinstance(module, Block)
            or unwrapped_params >= min_params > 0,
        )

    @classmethod
    def get(cls, name, **kwargs):
        return getattr(cls, name)(**kwargs)
