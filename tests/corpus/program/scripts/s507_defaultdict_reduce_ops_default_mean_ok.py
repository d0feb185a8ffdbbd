# expect: none
# oracle: OK
# twin: s506_defaultdict_reduce_ops_default_max
"""python train.py: how each logged metric is reduced across processes comes from a `defaultdict`; a metric it does not list gets the factory's `mean`."""
from collections import defaultdict

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

# anything not listed is logged as its peak over the processes
REDUCE_OPS = defaultdict(lambda: "mean", tokens="sum")


def log_metrics(fabric, metrics):
    for name, value in metrics.items():
        reduced = fabric.all_reduce(value, reduce_op=REDUCE_OPS[name])
        fabric.print(f"{name}: {reduced.item():.3f}")


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        grad_norm = fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        log_metrics(fabric, {"loss": loss.detach(), "grad_norm": grad_norm})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
