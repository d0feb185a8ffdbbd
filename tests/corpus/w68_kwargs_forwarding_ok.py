# expect: none
# real: OK
# findings: none
"""A strategy factory forwarding **overrides; the callers pass sets, and one passes nothing extra."""
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


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def make_strategy(remat=False, **overrides):
    if remat:
        overrides.setdefault("activation_checkpointing_policy", {Block})
    return XLAFSDPStrategy(auto_wrap_policy={Block}, **overrides)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        step(fabric, model, optimizer)


if __name__ == "__main__":
    small = make_strategy()
    big = make_strategy(remat=True, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=big)
    fabric.launch(train)
