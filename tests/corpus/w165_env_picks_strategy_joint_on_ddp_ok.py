# expect: none
# real: OK
# findings: none
"""The accelerator comes from the environment (TPU by default); the model is set up alone, then the optimizer."""
import os

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


ACCELERATOR = os.environ.get("ACCELERATOR", "tpu")


def train(fabric):
    model = fabric.setup(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}) if ACCELERATOR == "tpu" else "ddp"
    fabric = Fabric(accelerator=ACCELERATOR, strategy=strategy)
    fabric.launch(train)
