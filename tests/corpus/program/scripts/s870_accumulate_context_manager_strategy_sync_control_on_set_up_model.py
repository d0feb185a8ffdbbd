# expect: LXF003
# oracle: RAISED TypeError: Blocking backward sync is only possible if the module passed to `_XLAFSDPBackwardSyncControl.no_backward_sync` is wrappe
"""Gradient accumulation: a generator yields micro-batches, a context manager skips the gradient sync on all but the last."""
from contextlib import contextmanager

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def micro_batches(fabric, n, batch_size=4):
    for i in range(n):
        x = torch.randn(batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (batch_size,), device=fabric.device)
        yield i, x, y


@contextmanager
def accumulating(fabric, model, is_last):
    sync_control = fabric.strategy._backward_sync_control
    with sync_control.no_backward_sync(model, not is_last):
        yield


def train(fabric, steps=2, accumulate=2):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        for i, x, y in micro_batches(fabric, accumulate):
            with accumulating(fabric, model, is_last=i == accumulate - 1):
                fabric.backward(F.cross_entropy(model(x), y) / accumulate)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)
