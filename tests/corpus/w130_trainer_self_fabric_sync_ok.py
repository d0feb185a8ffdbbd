# expect: none
# real: OK
# findings: none
"""A Trainer keeps the Fabric on self; its accumulation step uses fabric.no_backward_sync on the set-up model."""
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


class Trainer:
    def __init__(self, accumulate=2):
        self.accumulate = accumulate
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))

    def training_step(self, model, batch, i):
        skip = (i + 1) % self.accumulate != 0
        with self.fabric.no_backward_sync(model, enabled=skip):
            loss = F.mse_loss(model(batch), batch)
            self.fabric.backward(loss)

    def run(self, fabric):
        model = fabric.setup_module(make_model())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for i in range(self.accumulate):
            self.training_step(model, torch.randn(2, 4, device=fabric.device), i)
        optimizer.step()

    def fit(self):
        self.fabric.launch(self.run)


if __name__ == "__main__":
    Trainer().fit()
