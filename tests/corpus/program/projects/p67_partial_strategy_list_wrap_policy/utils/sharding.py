import functools

from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

Sharded = functools.partial(XLAFSDPStrategy, auto_wrap_policy=[Block])
