# expect: none
# oracle: OK
# twin: s230_decorator_factory_fabric_kwargs_bf16_mixed
"""python train.py: `@with_fabric(...)` builds the Fabric from its arguments and hands it to the decorated `main`."""
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


def with_fabric(**fabric_kwargs):
    def decorate(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
            fabric = Fabric(accelerator="tpu", strategy=strategy, **fabric_kwargs)
            return fn(fabric, *args, **kwargs)

        return run

    return decorate


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


@with_fabric(precision="bf16-true")
def main(fabric, steps=2):
    fabric.launch(train, steps)


if __name__ == "__main__":
    main(steps=2)
