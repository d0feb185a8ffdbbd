# expect: none
# oracle: OK
# twin: s66_preset_registry_wrapper_partial_and_remat
"""PRESET=remat python script.py: strategy presets registered by a decorator, built by a classmethod."""
import os
from dataclasses import dataclass, field
from functools import partial

import lightning as L
import torch
import torch.nn.functional as F
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


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


def wrap_block(module, *args, remat=False, **kwargs):
    if remat:
        module = checkpoint_module(module)
    return XlaFullyShardedDataParallel(module, *args, **kwargs)


PRESETS = {}


def preset(name):
    def register(fn):
        PRESETS[name] = fn
        return fn

    return register


@dataclass
class StrategyPreset:
    wrap_layers: set
    extra: dict = field(default_factory=dict)

    @classmethod
    def named(cls, name):
        return PRESETS[name]()

    def build(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_layers, **self.extra)


@preset("plain")
def _plain():
    return StrategyPreset(wrap_layers={Block})


@preset("remat")
def _remat():
    extra = {"auto_wrapper_callable": partial(wrap_block, remat=True)}
    return StrategyPreset(wrap_layers={Block}, extra=extra)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    strategy = StrategyPreset.named(os.environ.get("PRESET", "remat")).build()
    fabric = L.Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
