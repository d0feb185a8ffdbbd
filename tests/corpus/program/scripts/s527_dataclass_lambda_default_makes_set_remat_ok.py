# expect: none
# oracle: OK
# twin: s526_dataclass_lambda_default_makes_list_remat
"""python train.py: the run's config keeps a `lambda` as a dataclass field's default (`field(default=lambda: {Block})`); the script calls it to make the layers to recompute."""
from dataclasses import dataclass, field
from typing import Callable

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

@dataclass
class RunConfig:
    steps: int = 2
    state_dict_type: str = "sharded"
    # a callable, so each run builds its own collection of layer types
    remat_layers: Callable[[], object] = field(default=lambda: {Block})


def make_strategy(cfg: RunConfig) -> XLAFSDPStrategy:
    return XLAFSDPStrategy(
        auto_wrap_policy={Block},
        activation_checkpointing_policy=cfg.remat_layers(),
        state_dict_type=cfg.state_dict_type,
    )


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(cfg))
    fabric.launch(train, steps=cfg.steps)
