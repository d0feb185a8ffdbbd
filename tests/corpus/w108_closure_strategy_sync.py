# expect: LXF003
# real: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
# findings: LXF003 error 39
"""A step function built by a closure over fabric and model skips the gradient sync through the strategy."""
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


def make_micro_step(fabric, model):
    strategy = fabric.strategy

    def micro_step(x, last):
        with strategy.no_backward_sync(model, enabled=not last):
            loss = F.mse_loss(model(x), x)
            fabric.backward(loss)
        return loss

    return micro_step


def train(fabric):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    micro_step = make_micro_step(fabric, model)
    for i in range(2):
        micro_step(torch.randn(2, 4, device=fabric.device), last=i == 1)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
