# expect: LXF016
# oracle: RAISED TypeError: To spawn processes with the `XLAFSDPStrategy` strategy, `.launch()` needs to be called with a function that contains the
"""python script.py: a `distributed(fabric)` context manager starts the processes and syncs them at the end."""
import contextlib
import functools
import time

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies.xla_fsdp import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def timed(step_fn):
    @functools.wraps(step_fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = step_fn(*args, **kwargs)
        wrapper.seconds += time.perf_counter() - start
        return out

    wrapper.seconds = 0.0
    return wrapper


@contextlib.contextmanager
def distributed(fabric):
    fabric.launch()
    try:
        yield fabric
    finally:
        fabric.barrier()


@timed
def training_step(fabric, model, optimizer, batch_size=8):
    x = torch.randn(batch_size, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (batch_size,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def train(fabric, steps=2):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        training_step(fabric, model, optimizer)
    fabric.print(f"{training_step.seconds:.2f}s in training steps")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    with distributed(fabric) as f:
        train(f)
