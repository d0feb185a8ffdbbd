# expect: none
# real: OK
# findings: none
"""Optimizers collected in a list from the set-up model, then set up with setup_optimizers(*optimizers)."""
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


def configure_optimizers(model):
    return [torch.optim.AdamW(model.parameters(), lr=1e-3)]


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizers = configure_optimizers(model)
    optimizer = fabric.setup_optimizers(*optimizers)
    step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
