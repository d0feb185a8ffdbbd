# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
"""python train.py: gradient accumulation switched by a module constant; the sync context picked per step."""
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


ACCUMULATE = 4  # micro-batches per optimizer step


def train(fabric, steps=4):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        last = (step + 1) % ACCUMULATE == 0
        sync_ctx = fabric.no_backward_sync(net, enabled=not last) if ACCUMULATE > 1 else contextlib.nullcontext()
        with sync_ctx:
            loss = F.cross_entropy(model(x), y) / ACCUMULATE
            fabric.backward(loss)
        if last:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
