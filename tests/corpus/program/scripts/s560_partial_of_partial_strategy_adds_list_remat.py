# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. You can try defining and passing `aut
"""python train.py: `remat_strategy` is a `functools.partial` of the `base_strategy` partial that adds `activation_checkpointing_policy=[Block]`; `--strategy` defaults to it."""
import argparse
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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


base_strategy = functools.partial(XLAFSDPStrategy, auto_wrap_policy={Block}, state_dict_type="sharded")
remat_strategy = functools.partial(base_strategy, activation_checkpointing_policy=[Block])
STRATEGIES = {"base": base_strategy, "remat": remat_strategy}


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), default="remat")
    args = parser.parse_args()
    fabric = Fabric(accelerator="tpu", strategy=STRATEGIES[args.strategy]())
    fabric.launch(train)
