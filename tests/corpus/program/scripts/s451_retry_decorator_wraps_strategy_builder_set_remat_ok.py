# expect: none
# oracle: OK
# twin: s450_retry_decorator_wraps_strategy_builder_list_remat
"""python train.py: `@retry(times=3)` retries the builder of the strategy, whose value comes back through the wrapper."""
import functools
import time

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


def retry(times=3, delay=0.0):
    def decorate(fn):
        @functools.wraps(fn)
        def attempt(*args, **kwargs):
            for i in range(times):
                try:
                    return fn(*args, **kwargs)
                except OSError:
                    if i == times - 1:
                        raise
                    time.sleep(delay)

        return attempt

    return decorate


@retry(times=3, delay=0.5)
def build_strategy(layers):
    return XLAFSDPStrategy(auto_wrap_policy=set(layers), activation_checkpointing_policy=set(layers))


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy([Block]))
    fabric.launch(train)
