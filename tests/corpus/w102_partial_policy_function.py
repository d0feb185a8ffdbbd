# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found functools.partial(<function checkpoint_if at 0x7f69b5ed3a60>, lay
# findings: LXF001 error 50
"""A checkpointing policy function bound with functools.partial, the way torch's wrap policies are passed."""
import functools

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


def checkpoint_if(module, layer_types):
    return isinstance(module, layer_types)


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    remat_policy = functools.partial(checkpoint_if, layer_types=(Block,))
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=remat_policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
