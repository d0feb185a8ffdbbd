# expect: none
# oracle: OK
# twin: s170_subclass_registered_preset_kwargs_wrapper_none_and_remat
"""SHARDING_PRESET=remat python script.py: sharding presets register themselves by subclassing `ShardingPreset`."""
import os

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


class ShardingPreset:
    """A preset is a subclass; its class attributes are the strategy's settings."""

    registry: dict = {}
    wrap_layers = {Block}
    remat_layers = None
    wrapper = None

    def __init_subclass__(cls, name, **kwargs):
        super().__init_subclass__(**kwargs)
        ShardingPreset.registry[name] = cls

    @classmethod
    def strategy_kwargs(cls):
        kwargs = {
            "auto_wrap_policy": cls.wrap_layers,
            "activation_checkpointing_policy": cls.remat_layers,
            "state_dict_type": "sharded",
        }
        if cls.wrapper is not None:
            kwargs["auto_wrapper_callable"] = cls.wrapper
        return kwargs


class Plain(ShardingPreset, name="plain"):
    pass


class Remat(ShardingPreset, name="remat"):
    remat_layers = {Block}


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    preset = ShardingPreset.registry[os.environ.get("SHARDING_PRESET", "remat")]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**preset.strategy_kwargs()))
    fabric.launch(train)
