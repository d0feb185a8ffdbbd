"""The XLA FSDP strategy: every layer class either half asks to wrap."""
import itertools

from lightning.fabric.strategies import XLAFSDPStrategy

from models import WRAP_GROUPS


def wrap_layers():
    return set(itertools.chain.from_iterable(WRAP_GROUPS))


def make_strategy():
    return XLAFSDPStrategy(auto_wrap_policy=wrap_layers(), state_dict_type="sharded")
