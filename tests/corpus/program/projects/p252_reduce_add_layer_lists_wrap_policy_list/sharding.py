"""The XLA FSDP strategy: every layer class either half asks to wrap."""
import functools
import operator

from lightning.fabric.strategies import XLAFSDPStrategy

from models import WRAP_GROUPS


def wrap_layers():
    return functools.reduce(operator.add, WRAP_GROUPS)


def make_strategy():
    return XLAFSDPStrategy(auto_wrap_policy=wrap_layers(), state_dict_type="sharded")
