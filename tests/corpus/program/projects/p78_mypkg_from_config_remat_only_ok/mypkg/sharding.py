from lightning.fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

from model import Block


def checkpointed_fsdp(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


class ShardedStrategy(XLAFSDPStrategy):
    @classmethod
    def from_config(cls, cfg):
        kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": cfg.get("state_dict_type", "sharded")}
        if cfg.get("remat"):
            kwargs["activation_checkpointing_policy"] = {Block}
        if cfg.get("custom_wrapper"):
            kwargs["auto_wrapper_callable"] = checkpointed_fsdp
        return cls(**kwargs)
