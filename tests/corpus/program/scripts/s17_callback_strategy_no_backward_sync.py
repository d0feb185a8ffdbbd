# expect: LXF003
# oracle: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
"""Gradient accumulation in a callback given to the Fabric; it opens the no-sync context."""
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
    def __init__(self):
        self.ctx = None

    def on_micro_batch_start(self, fabric, model, last):
        if not last:
            self.ctx = fabric.strategy.no_backward_sync(model)
            self.ctx.__enter__()

    def on_micro_batch_end(self, fabric, model, last):
        if self.ctx is not None:
            self.ctx.__exit__(None, None, None)
            self.ctx = None


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for i in range(2):
        fabric.call("on_micro_batch_start", fabric=fabric, model=model, last=i == 1)
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y) / 2)
        fabric.call("on_micro_batch_end", fabric=fabric, model=model, last=i == 1)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), callbacks=[Accumulate()])
    fabric.launch(train)
