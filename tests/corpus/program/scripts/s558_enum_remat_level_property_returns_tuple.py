# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
"""python train.py: an `enum.Enum` of remat levels holds tuples of layer classes and its `policy` property hands them to the strategy; the property returns the tuple."""
import argparse
import enum

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


class Remat(enum.Enum):
    NONE = ()
    BLOCKS = (Block,)
    ALL = (Block, nn.Linear)

    @property
    def policy(self):
        return self.value or None


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--remat", default="BLOCKS", choices=[level.name for level in Remat])
    args = parser.parse_args()
    level = Remat[args.remat]
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=level.policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
