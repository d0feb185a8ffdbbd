# expect: LXF019
# real: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# findings: LXF019 error 37
"""A data module built before launch puts its validation tensor on fabric.device in its constructor."""
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


class DataModule:
    def __init__(self, fabric, n=8):
        self.val = torch.randn(n, 4, device=fabric.device)

    def batches(self):
        yield self.val


def train(fabric, data):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    data = DataModule(fabric)
    fabric.launch(train, data)
