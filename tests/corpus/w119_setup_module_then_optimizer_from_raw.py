# expect: none
# real: OK
# findings: none
"""setup_module returns the sharded model, but the optimizer is built from the raw module kept on self."""
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


class Experiment:
    def __init__(self):
        self.net = make_model()

    def setup(self, fabric):
        self.model = fabric.setup_module(self.net)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.net.parameters(), lr=1e-3))

    def __call__(self, fabric):
        self.setup(fabric)
        step(fabric, self.model, self.optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(Experiment())
