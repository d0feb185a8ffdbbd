# expect: LXF006
# real: RAISED _pickle.PicklingError: Can't pickle <function <lambda> at 0x7f923b5a5620>: attribute lookup <lambda> on __main__ failed
# findings: LXF006 error 37
"""Wrap policies kept in a registry dict; the size-based entry is a lambda."""
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


WRAP_POLICIES = {
    "blocks": {Block},
    "size": lambda module, recurse, nonwrapped_numel: nonwrapped_numel >= 256,
}


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    policy_name = "size"
    strategy = XLAFSDPStrategy(auto_wrap_policy=WRAP_POLICIES[policy_name])
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
