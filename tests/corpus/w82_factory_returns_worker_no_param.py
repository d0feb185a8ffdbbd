# expect: LXF018
# real: RAISED TypeError: `Fabric.launch(function=<function make_worker.<locals>.worker at 0x7fe8c3557420>)` needs to take at least one argument. 
# findings: LXF018 error 46
"""A factory closes over the config and returns the worker; the worker was written without parameters."""
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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))


def make_worker(steps):
    def worker():
        model = FABRIC.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
        optimizer = FABRIC.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for _ in range(steps):
            step(FABRIC, model, optimizer)

    return worker


if __name__ == "__main__":
    worker = make_worker(2)
    FABRIC.launch(worker)
