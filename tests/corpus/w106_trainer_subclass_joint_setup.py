# expect: LXF012
# real: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# findings: LXF012 error 56
"""A base trainer sets up module and optimizer separately; a subclass overrides it with a joint setup."""
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


class BaseTrainer:
    def __init__(self, strategy):
        self.fabric = Fabric(accelerator="tpu", strategy=strategy)

    def configure(self, fabric):
        model = fabric.setup_module(make_model())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        return model, optimizer

    def run(self, fabric):
        model, optimizer = self.configure(fabric)
        step(fabric, model, optimizer)

    def fit(self):
        self.fabric.launch(self.run)


class FastTrainer(BaseTrainer):
    def configure(self, fabric):
        model = make_model()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        return self.fabric.setup(model, optimizer)


if __name__ == "__main__":
    FastTrainer(XLAFSDPStrategy(auto_wrap_policy={Block})).fit()
