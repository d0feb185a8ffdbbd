# expect: LXF012
# real: RAISED NotImplementedError: The `XLAFSDPStrategy` does not support the joint setup of module and optimizer(s). Please do it in this order: Create th
# findings: LXF012 error 32
"""Two optimizers (body and head) set up together with the model through a starred list."""
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


def build():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def train(fabric):
    model = build()
    optimizers = [
        torch.optim.SGD(model[0].parameters(), lr=0.1),
        torch.optim.Adam(model[1:].parameters(), lr=1e-3),
    ]
    model, *optimizers = fabric.setup(model, *optimizers)
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        for opt in optimizers:
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
