# expect: LXF007
# real: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# findings: LXF007 error 35
"""Fabric built with Fabric(**FABRIC_KWARGS); the precision entry asks for bf16 mixed precision."""
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


FABRIC_KWARGS = dict(accelerator="tpu", devices="auto", precision="bf16-mixed")


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


def make_fabric(**overrides):
    kwargs = {**FABRIC_KWARGS, **overrides}
    return Fabric(strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), **kwargs)


if __name__ == "__main__":
    fabric = make_fabric()
    fabric.launch(train)
