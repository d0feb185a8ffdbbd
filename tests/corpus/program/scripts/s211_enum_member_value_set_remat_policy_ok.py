# expect: none
# oracle: OK
# twin: s210_enum_member_value_tuple_remat_policy
"""python train.py: the model size is an Enum member whose value carries the layers to wrap and to recompute."""
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



class Size(enum.Enum):
    SMALL = (2, (Block,))
    LARGE = (8, (Block, nn.LayerNorm))

    @property
    def depth(self):
        return self.value[0]

    @property
    def layers(self):
        return set(self.value[1])


def make_strategy(size):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=size.layers)


def train(fabric, size, steps=2):
    model = fabric.setup_module(Net(depth=size.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    size = Size["SMALL"]
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(size))
    fabric.launch(train, size)
