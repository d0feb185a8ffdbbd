# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
"""A callback skips the gradient sync while accumulating; the loop calls it through fabric.call."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


def batch(fabric, n=8):
    return torch.randn(n, 32, device=fabric.device), torch.randint(0, 4, (n,), device=fabric.device)


class Accumulate:
    """Gradient accumulation as a callback: no gradient sync on the micro-batches before the last."""

    def __init__(self, every=2):
        self.every = every
        self.ctx = None

    def on_before_backward(self, fabric, model, step):
        self.ctx = fabric.no_backward_sync(model, enabled=(step + 1) % self.every != 0)
        self.ctx.__enter__()

    def on_after_backward(self, fabric, model, step):
        self.ctx.__exit__(None, None, None)


def train(fabric):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(2):
        x, y = batch(fabric)
        fabric.call("on_before_backward", fabric=fabric, model=net, step=step)
        fabric.backward(F.cross_entropy(model(x), y) / 2)
        fabric.call("on_after_backward", fabric=fabric, model=net, step=step)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), callbacks=[Accumulate()])
    fabric.launch(train)
