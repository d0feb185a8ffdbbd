# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class '__main__.Block'>}). You can try defining and p
# findings: LXF001 error 42
"""Policies are module-level constants; someone made the remat one immutable."""
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


WRAP_POLICY = {Block}
REMAT_POLICY = frozenset(WRAP_POLICY)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


class Job:
    wrap = WRAP_POLICY
    remat = REMAT_POLICY

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap, activation_checkpointing_policy=self.remat)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=Job().strategy())
    fabric.launch(train)
