# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""python train.py: one `build_strategy` per hardware config, dispatched on the config's type."""
import functools
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


@dataclass
class PodConfig:
    precision: str = "bf16-true"


@dataclass
class LegacyPodConfig:
    precision: str = "32-true"


@functools.singledispatch
def build_strategy(config):
    raise TypeError(f"no strategy for {type(config).__name__}")


@build_strategy.register
def _(config: PodConfig):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])


@build_strategy.register
def _(config: LegacyPodConfig):
    # lightning < 2.1 took a list here
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    y = torch.randint(0, 4, (8,), device=fabric.device)
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    config = PodConfig()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(config), precision=config.precision)
    fabric.launch(train)
