# expect: none
# oracle: OK
# twin: s452_partial_of_partial_fabric_bf16_mixed
"""python train.py: a TPU Fabric preset as `partial(Fabric, ...)`, refined by a second `partial` of the first."""
from functools import partial

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


TPUFabric = partial(Fabric, accelerator="tpu", devices="auto")
LowPrecisionTPUFabric = partial(TPUFabric, precision="bf16-true")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = LowPrecisionTPUFabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
