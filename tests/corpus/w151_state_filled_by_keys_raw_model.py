# expect: LXF023
# real: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# findings: LXF023 error 41
"""The checkpoint state is filled key by key; the model entry is the module from before setup."""
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


def train(fabric):
    net = make_model()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    step(fabric, model, optimizer)
    state = {}
    state["model"] = net
    state["optimizer"] = optimizer
    state["step"] = 1
    fabric.save("checkpoint", state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
