# expect: none
# oracle: OK
# twin: s240_dataclass_default_factory_helper_list_wrap_layers
"""python train.py: `ShardingPlan` fills its layer lists with `field(default_factory=...)` helpers."""
from dataclasses import dataclass, field

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


def transformer_layers():
    return {Block}


def no_layers():
    return set()


@dataclass
class ShardingPlan:
    wrap_layers: set = field(default_factory=transformer_layers)
    remat_layers: set = field(default_factory=no_layers)
    state_dict_type: str = "sharded"

    def strategy(self):
        return XLAFSDPStrategy(
            auto_wrap_policy=self.wrap_layers,
            activation_checkpointing_policy=self.remat_layers,
            state_dict_type=self.state_dict_type,
        )


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=ShardingPlan().strategy())
    fabric.launch(train)
