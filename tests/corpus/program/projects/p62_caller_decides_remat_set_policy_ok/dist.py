from lightning.fabric.strategies import XLAFSDPStrategy

from conf import defaults


def make_strategy(remat):
    kwargs = dict(auto_wrap_policy=defaults.WRAP)
    if remat:
        kwargs["activation_checkpointing_policy"] = defaults.REMAT
    return XLAFSDPStrategy(**kwargs)
