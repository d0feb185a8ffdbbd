# expect: none
# real: OK
# findings: none
"""Defaults with a list policy are merged with a job override that makes it a set."""
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


DEFAULTS = {"auto_wrap_policy": {Block}, "activation_checkpointing_policy": [Block], "state_dict_type": "sharded"}
JOB = {"activation_checkpointing_policy": {Block}}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)


if __name__ == "__main__":
    options = DEFAULTS | JOB
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**options))
    fabric.launch(train)
