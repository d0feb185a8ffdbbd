"""The strategies a run can ask for by name: `Strategies.xla_fsdp()`, `Strategies.get("xla_fsdp")`."""
from functools import partial

from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def wrap_blocks(module, recurse, unwrapped_params, min_params=0):
    # wrap every Block, and any other leaf big enough to be worth a shard of its own
    return recurse or isinstance(module, Block) or unwrapped_params >= min_params > 0


class Strategies:
    @staticmethod
    def xla_fsdp(min_params=0):
        return XLAFSDPStrategy(auto_wrap_policy=partial(wrap_blocks, min_params=min_params))

    @classmethod
    def get(cls, name, **kwargs):
        return getattr(cls, name)(**kwargs)
