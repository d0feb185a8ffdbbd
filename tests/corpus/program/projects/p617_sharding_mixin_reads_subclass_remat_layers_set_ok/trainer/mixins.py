"""Mixins a trainer picks from: each one supplies `configure_strategy()` for one kind of hardware."""
from lightning.fabric.strategies import XLAFSDPStrategy


class XLAShardingMixin:
    # set on the trainer class: the layers FSDP wraps, and the ones it recomputes in the backward pass
    wrap_layers = ()
    remat_layers = None

    def configure_strategy(self):
        return XLAFSDPStrategy(
            auto_wrap_policy=set(self.wrap_layers),
            activation_checkpointing_policy=self.remat_layers,
            state_dict_type="sharded",
        )
