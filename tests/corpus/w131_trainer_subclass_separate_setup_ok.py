# expect: none
# real: OK
# findings: none
"""A base trainer sets up model and optimizer jointly for DDP; the XLA-FSDP subclass does it separately."""
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
        model = make_model()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        return fabric.setup(model, optimizer)

    def run(self, fabric):
        model, optimizer = self.configure(fabric)
        step(fabric, model, optimizer)

    def fit(self):
        self.fabric.launch(self.run)


class ShardedTrainer(BaseTrainer):
    def configure(self, fabric):
        model = fabric.setup_module(make_model())
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
        return model, optimizer


if __name__ == "__main__":
    ShardedTrainer(XLAFSDPStrategy(auto_wrap_policy={Block})).fit()
