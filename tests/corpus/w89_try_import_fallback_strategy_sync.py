# expect: LXF003
# real: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
# findings: LXF003 error 43
"""Imports that fall back to the standalone lightning_fabric package; accumulation through the strategy."""
import torch
import torch.nn.functional as F
from torch import nn
try:
    from lightning.fabric import Fabric
    from lightning.fabric.strategies import XLAFSDPStrategy as ShardedStrategy
except ImportError:  # standalone package
    from lightning_fabric import Fabric
    from lightning_fabric.strategies import XLAFSDPStrategy as ShardedStrategy


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


def train(fabric, accumulate=2):
    model = fabric.setup_module(make_model())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for i in range(accumulate):
        x = torch.randn(2, 4, device=fabric.device)
        with fabric.strategy.no_backward_sync(model, enabled=(i + 1) < accumulate):
            fabric.backward(F.mse_loss(model(x), x))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=ShardedStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
