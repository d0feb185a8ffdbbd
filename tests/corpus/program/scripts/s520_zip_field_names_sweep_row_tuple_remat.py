# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
"""python train.py: each sweep run is a row of values; `XLAFSDPStrategy(**dict(zip(FIELDS, row)))` names them, and the first row recomputes a tuple of layers."""
import argparse

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

FIELDS = ("auto_wrap_policy", "activation_checkpointing_policy", "state_dict_type")
SWEEP = [
    ({Block}, (Block,), "sharded"),
    ({Block}, None, "sharded"),
]


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--run", type=int, default=0, help="row of SWEEP")
    args = parser.parse_args()
    row = SWEEP[args.run]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**dict(zip(FIELDS, row))))
    fabric.launch(train)
