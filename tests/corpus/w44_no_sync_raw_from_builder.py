# expect: LXF004
# real: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# findings: LXF004 error 33
"""Gradient accumulation; the sharded model gets a new name and the old one is used for no_backward_sync."""
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


def build_model(depth=2):
    return nn.Sequential(nn.Linear(4, 16), *[Block() for _ in range(depth)], nn.Linear(16, 4))


def train(fabric, accumulate=2):
    model = build_model()
    sharded = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(sharded.parameters(), lr=1e-3))
    for i in range(2 * accumulate):
        x = torch.randn(2, 4, device=fabric.device)
        skip = (i + 1) % accumulate != 0
        with fabric.no_backward_sync(model, enabled=skip):
            loss = F.mse_loss(sharded(x), x)
            fabric.backward(loss)
        if not skip:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
