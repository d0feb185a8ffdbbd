# expect: none
# real: OK
# findings: none
"""A project strategy subclasses XLAFSDPStrategy to fix its defaults; the run passes a set policy."""
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


class ProjectStrategy(XLAFSDPStrategy):
    def __init__(self, **kwargs):
        kwargs.setdefault("auto_wrap_policy", {Block})
        kwargs.setdefault("state_dict_type", "sharded")
        super().__init__(**kwargs)


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=ProjectStrategy(activation_checkpointing_policy={Block}))
    fabric.launch(train)
