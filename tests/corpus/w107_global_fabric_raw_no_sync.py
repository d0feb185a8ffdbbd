# expect: LXF004
# real: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# findings: LXF004 error 40
"""The Fabric lives in a module global set by main(); the accumulation helper passes the raw module."""
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


FABRIC = None


def accumulate(model, raw, batches):
    for i, x in enumerate(batches):
        with FABRIC.no_backward_sync(raw, enabled=i + 1 < len(batches)):
            FABRIC.backward(F.mse_loss(model(x), x))


def train(fabric):
    raw = make_model()
    model = fabric.setup_module(raw)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    accumulate(model, raw, [torch.randn(2, 4, device=fabric.device) for _ in range(2)])
    optimizer.step()


def main():
    global FABRIC
    FABRIC = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    FABRIC.launch(train)


if __name__ == "__main__":
    main()
