# expect: none
# real: OK
# findings: none
"""Module-level switches pick the remat policy and the set-up style; the chosen branches are valid."""
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


USE_REMAT = True
JOINT_SETUP = False


def build_strategy():
    if USE_REMAT:
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])


def train(fabric):
    model = nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4))
    if JOINT_SETUP:
        model, optimizer = fabric.setup(model, torch.optim.Adam(model.parameters()))
    else:
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy())
    fabric.launch(train)
