# expect: none
# oracle: OK
# twin: s562_decorator_factory_fills_precision_bf16_mixed
"""python train.py: `@with_defaults(accelerator="tpu", precision="bf16-mixed")` fills only the keywords `build_fabric`'s caller left out; the caller gives `precision="bf16-true"`."""
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


def with_defaults(**defaults):
    """Fill the keyword arguments a caller left out."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for key, value in defaults.items():
                kwargs.setdefault(key, value)
            return fn(*args, **kwargs)

        return wrapper

    return decorate


@with_defaults(accelerator="tpu", precision="bf16-mixed")
def build_fabric(**kwargs):
    return Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **kwargs)


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(steps):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = build_fabric(devices=8, precision="bf16-true")
    fabric.launch(train)
