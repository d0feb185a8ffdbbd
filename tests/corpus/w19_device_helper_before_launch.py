# expect: LXF019
# real: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
# findings: LXF019 error 25
"""A fixed evaluation batch is prepared once, before launching, with a helper that uses fabric.device."""
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


def eval_batch(fabric, n=8):
    generator = torch.Generator().manual_seed(0)
    x = torch.randn(n, 4, generator=generator)
    return x.to(fabric.device)


def train(fabric, holdout):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    with torch.no_grad():
        fabric.print(F.mse_loss(model(holdout), holdout).item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    holdout = eval_batch(fabric)
    fabric.launch(train, holdout)
