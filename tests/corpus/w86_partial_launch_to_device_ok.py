# expect: none
# real: OK
# findings: none
"""The launched function is a partial with keyword options; batches are moved with fabric.to_device."""
from functools import partial

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def batches(n):
    for _ in range(n):
        yield torch.randn(2, 4)


def train(fabric, *, steps=2, lr=1e-3):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=lr))
    for batch in batches(steps):
        x = fabric.to_device(batch)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(partial(train, steps=2, lr=5e-4))
