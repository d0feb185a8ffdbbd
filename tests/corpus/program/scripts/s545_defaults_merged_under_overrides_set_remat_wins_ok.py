# expect: none
# oracle: OK
# twin: s544_defaults_merged_over_overrides_list_remat_wins
"""python train.py: `build_strategy(**overrides)` merges the caller's keywords with module defaults that still list the remat layers; the caller's set comes last and wins."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


DEFAULTS = {
    "auto_wrap_policy": {Block},
    "activation_checkpointing_policy": [Block],
    "state_dict_type": "sharded",
}


def build_strategy(**overrides):
    return XLAFSDPStrategy(**{**DEFAULTS, **overrides})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(activation_checkpointing_policy={Block}))
    fabric.launch(train)
