# expect: none
# oracle: OK
# twin: s588_partial_optimizer_factory_given_params_before_setup
"""python train.py: `make_optimizer` is a `functools.partial` of `AdamW`; it is called on `model.parameters()` after `fabric.setup_module(net)`."""
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


make_optimizer = functools.partial(torch.optim.AdamW, lr=3e-4, weight_decay=0.01)


def train(fabric, steps=2):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(make_optimizer(model.parameters()))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
