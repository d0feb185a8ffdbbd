# expect: none
# oracle: OK
# twin: s552_accumulation_context_given_raw_module
"""python train.py: a `GradientAccumulation` context manager enters `fabric.no_backward_sync` for the micro-batches; it is handed the raw net, and sets it up itself when it is not wrapped yet."""
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from lightning.fabric.wrappers import is_wrapped


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


class GradientAccumulation:
    def __init__(self, fabric, module, every):
        if not is_wrapped(module):
            module = fabric.setup_module(module)
        self.fabric, self.module, self.every = fabric, module, every
        self.step = 0
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self.step += 1
        accumulating = self.step % self.every != 0
        self._stack.enter_context(self.fabric.no_backward_sync(self.module, enabled=accumulating))
        return accumulating

    def __exit__(self, *exc):
        return self._stack.__exit__(*exc)


def train(fabric, steps=4):
    net = Net()
    acc = GradientAccumulation(fabric, net, every=2)
    model = acc.module
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        with acc as accumulating:
            fabric.backward(F.cross_entropy(model(x), y))
        if not accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
