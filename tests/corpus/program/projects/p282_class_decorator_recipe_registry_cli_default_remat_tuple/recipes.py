"""The built-in recipes: how the block net is sharded, and whether its blocks are recomputed in backward."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from registry import register


class Recipe:
    remat = None
    state_dict_type = "sharded"

    def strategy(self):
        return XLAFSDPStrategy(
            auto_wrap_policy={Block},
            activation_checkpointing_policy=self.remat,
            state_dict_type=self.state_dict_type,
        )


@register("fsdp")
class ShardOnly(Recipe):
    pass


@register("fsdp-remat")
class ShardAndRemat(Recipe):
    remat = (Block,)
