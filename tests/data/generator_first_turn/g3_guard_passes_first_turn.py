# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. (at line 52, in the parent)
#   `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: a guard skips 32-true only; `next` draws the bf16-mixed turn."""
import itertools

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


def sweep(precisions=("bf16-mixed", "bf16-true"), lrs=(1e-3,)):
    for precision, lr in itertools.product(precisions, lrs):
        if precision == "32-true":
            continue
        yield {"precision": precision, "lr": lr}


def train(fabric, lr, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    trial = next(sweep())
    fabric = Fabric(accelerator="tpu", precision=trial["precision"], strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, trial["lr"])
