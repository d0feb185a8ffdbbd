# expect: none
# real: OK
# findings: none
"""A contextlib helper wraps fabric.no_backward_sync; the caller hands it the set-up module."""
from contextlib import contextmanager

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


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


@contextmanager
def accumulation(fabric, module, accumulating):
    with fabric.no_backward_sync(module, enabled=accumulating):
        yield


def train(fabric):
    net = make_model()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for i in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        with accumulation(fabric, model, accumulating=i == 0):
            fabric.backward(F.mse_loss(model(x), x))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
