# expect: none
# real: OK
# findings: none
"""FSDP is switched off by a module flag for this small model: plain XLA data parallel, joint set-up."""
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


USE_FSDP = False


def make_fabric():
    if USE_FSDP:
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    return Fabric(accelerator="tpu", strategy="xla")


def train(fabric):
    model = nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = make_fabric()
    fabric.launch(train)
