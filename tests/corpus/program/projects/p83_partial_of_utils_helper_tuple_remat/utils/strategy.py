from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block


def make_strategy(remat=None, state_dict_type="sharded"):
    kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": state_dict_type}
    if remat:
        kwargs["activation_checkpointing_policy"] = remat
    return XLAFSDPStrategy(**kwargs)
