# expect: none
# oracle: OK
# twin: s26_decorator_factory_drops_fabric
"""A decorator factory retries the worker; fabric.launch calls its wrapper with the Fabric."""
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


def batch(fabric, n=8):
    return torch.randn(n, 32, device=fabric.device), torch.randint(0, 4, (n,), device=fabric.device)


def retry(times):
    """Run the worker again when a step hits a transient runtime error (a preempted host, a lost link)."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except RuntimeError:
                    if attempt == times - 1:
                        raise
        return wrapper
    return decorate


@retry(2)
def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = batch(fabric)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
