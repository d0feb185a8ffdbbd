# expect: none
# oracle: OK
# twin: s360_typeddict_strategy_options_tuple_remat
"""Strategy options typed with a TypedDict, so the editor checks the keys; the run merges a preset into it."""
from typing import Callable, TypedDict

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(x)))


class Classifier(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 3, classes: int = 10):
        super().__init__()
        self.body = nn.Sequential(*[ResidualBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.body(x))


class FSDPOptions(TypedDict, total=False):
    auto_wrap_policy: set[type[nn.Module]] | Callable
    activation_checkpointing_policy: set[type[nn.Module]]
    state_dict_type: str
    sequential_save: bool


BASE: FSDPOptions = {"auto_wrap_policy": {ResidualBlock}, "state_dict_type": "sharded"}
MEMORY_SAVER: FSDPOptions = {"activation_checkpointing_policy": {ResidualBlock}}


def make_options(*presets: FSDPOptions) -> FSDPOptions:
    options: FSDPOptions = {}
    for preset in presets:
        options.update(preset)
    return options


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Classifier())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    for _ in range(2):
        x = torch.randn(16, 32, device=fabric.device)
        y = torch.randint(0, 10, (16,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    options = make_options(BASE, MEMORY_SAVER)
    fabric = Fabric(accelerator="tpu", devices=8, strategy=XLAFSDPStrategy(**options))
    fabric.launch(train)
