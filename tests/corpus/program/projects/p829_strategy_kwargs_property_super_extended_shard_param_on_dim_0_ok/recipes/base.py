"""What every sharded run shares. Subclasses refine the properties and call `super()` for the defaults."""
import functools

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from mixer import MixerLayer


class ShardedRecipe:
    depth = 2
    steps = 3
    batch_size = 8
    lr = 1e-3

    @property
    def strategy_kwargs(self):
        return {"auto_wrap_policy": {MixerLayer}}

    @property
    def strategy(self):
        return XLAFSDPStrategy(**self.strategy_kwargs)

    @functools.cached_property
    def fabric(self):
        return Fabric(accelerator="tpu", strategy=self.strategy)

    def optimizer(self, model):
        return torch.optim.AdamW(model.parameters(), lr=self.lr)
