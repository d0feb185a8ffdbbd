# expect: LXF017
# real: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
# findings: LXF017 error 37
"""A CLI helper starts the run; the training function is called instead of being passed."""
import sys

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


def train(fabric, steps=2):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def start(fabric, steps):
    result = fabric.launch(train(fabric, steps))
    fabric.print(f"final loss {result}")
    return 0


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    sys.exit(start(fabric, 2))
