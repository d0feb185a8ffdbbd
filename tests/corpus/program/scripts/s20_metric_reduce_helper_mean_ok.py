# expect: none
# oracle: OK
# twin: s19_metric_reduce_helper_max
"""Metrics reduced across processes by a helper; each metric says how it is reduced."""
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


METRICS = {"loss": "mean", "grad_norm": "mean"}


def reduce_metric(fabric, name, value):
    return fabric.all_reduce(value, reduce_op=METRICS[name])


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = batch(fabric)
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    grad_norm = fabric.clip_gradients(model, optimizer, max_norm=1.0)
    optimizer.step()
    fabric.print(reduce_metric(fabric, "loss", loss.detach()), reduce_metric(fabric, "grad_norm", grad_norm))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
