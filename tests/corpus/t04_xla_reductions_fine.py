# expect: none
# real: OK
# findings: none
"""Metrics averaged across TPU cores with the reductions XLAStrategy has (mean, sum), a max taken from
all_gather, and a single-core debug Fabric whose all_reduce accepts any op: it all runs."""
import torch
import torch.distributed as dist
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import SingleDeviceXLAStrategy, XLAStrategy

class Block(nn.Module):
    """A residual MLP block, the unit the model stacks."""

    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.lin = nn.Linear(width, width)

    def forward(self, x):
        return x + torch.relu(self.lin(self.norm(x)))


class Net(nn.Module):
    def __init__(self, features=4, hidden=16, out=1, depth=2):
        super().__init__()
        self.proj = nn.Linear(features, hidden)
        self.blocks = nn.Sequential(*(Block(hidden) for _ in range(depth)))
        self.head = nn.Linear(hidden, out)

    def forward(self, x):
        return self.head(self.blocks(self.proj(x)))


def train(fabric):
    model = fabric.setup_module(Net())
    loss = model(torch.randn(8, 4, device=fabric.device)).pow(2).mean()
    mean_loss = fabric.all_reduce(loss.detach(), reduce_op="mean")
    seen = fabric.all_reduce(torch.tensor(8.0), reduce_op=dist.ReduceOp.SUM)
    longest = fabric.all_gather(torch.tensor(3.0)).max()
    fabric.print(mean_loss.item(), seen.item(), longest.item())


def debug_run():
    fabric = Fabric(accelerator="tpu", devices=1, strategy=SingleDeviceXLAStrategy(device=0))
    fabric.launch()
    return fabric.all_reduce(torch.tensor(1.0), reduce_op="max")


if __name__ == "__main__":
    strategy = XLAStrategy(precision=XLAPrecision("32-true"))
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
    debug_run()
