# expect: none
# real: OK
# findings: none
"""A debugging switch left in the file: the list-based policy is never used (`DEBUG_REMAT = False`)."""
from typing import TYPE_CHECKING

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

if TYPE_CHECKING:
    from collections.abc import Sequence

    REMAT: Sequence[type] = [nn.Module]


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(x).relu()


REMAT = {Block}
if False:
    REMAT = [Block]


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 32), Block(), Block(), nn.Linear(32, 3)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(4, 3, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=REMAT)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
