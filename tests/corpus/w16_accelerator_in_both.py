# expect: LXF011
# real: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# findings: LXF011 error 23
"""A strategy built with its own accelerator object, and a Fabric that is also told the accelerator."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


RUNTIME = {"accelerator": "tpu", "devices": "auto", "precision": "bf16-true"}


def build_strategy():
    return XLAFSDPStrategy(accelerator=XLAAccelerator(), auto_wrap_policy={Block}, state_dict_type="sharded")


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(strategy=build_strategy(), **RUNTIME)
    fabric.launch(train)
