# expect: none
# oracle: OK
# twin: s564_contextmanager_forwards_raw_net_to_no_backward_sync
"""python train.py: a `@contextlib.contextmanager` forwards its `**sync_kwargs` to `fabric.no_backward_sync`; the loop passes `module=model`, the set-up module."""
import contextlib

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


@contextlib.contextmanager
def accumulating(fabric, step, every, **sync_kwargs):
    """Skip the gradient all-reduce on all but every `every`-th step."""
    skip = (step + 1) % every != 0
    with fabric.no_backward_sync(enabled=skip, **sync_kwargs):
        yield skip


def train(fabric, steps=4, every=2):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = batch(fabric)
        with accumulating(fabric, step, every, module=model) as skip:
            fabric.backward(F.cross_entropy(model(x), y) / every)
        if not skip:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
