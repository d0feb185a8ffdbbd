# expect: none
# oracle: OK
# twin: s86_partialmethod_strategy_variant_list_remat
"""python script.py: a Recipe names its strategy variants with `functools.partialmethod`."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


class Recipe:
    """Which layers to shard; each variant of the strategy is one method."""

    def __init__(self, shard_layers=(Block,)):
        self.shard_layers = set(shard_layers)

    def _strategy(self, remat_layers=None, state_dict_type="sharded"):
        return XLAFSDPStrategy(
            auto_wrap_policy=self.shard_layers,
            activation_checkpointing_policy=remat_layers,
            state_dict_type=state_dict_type,
        )

    plain = functools.partialmethod(_strategy)
    remat = functools.partialmethod(_strategy, remat_layers={Block})
    full_state = functools.partialmethod(_strategy, state_dict_type="full")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    recipe = Recipe()
    fabric = Fabric(accelerator="tpu", strategy=recipe.remat())
    fabric.launch(train)
