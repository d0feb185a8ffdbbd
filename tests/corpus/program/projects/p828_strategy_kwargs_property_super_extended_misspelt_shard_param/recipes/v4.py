"""TPU v4: shard every flat parameter along its first dimension, as the v4 pod runs do."""
from .base import ShardedRecipe


class V4Recipe(ShardedRecipe):
    lr = 2e-3

    @property
    def strategy_kwargs(self):
        return {**super().strategy_kwargs, "shard_params_on_dim_0": True}
