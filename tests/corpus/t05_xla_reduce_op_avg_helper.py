# expect: XLA002
# real: RAISED ValueError: Currently, the XLAStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: RedOpType.AVG
# findings: XLA002 error 35
"""A metrics helper shared with the GPU scripts averages with `ReduceOp.AVG`; XLAStrategy accepts only
`ReduceOp.SUM` among the enum's members, so the first logged step raises ValueError in the worker."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from torch.distributed import ReduceOp

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


def log_mean(fabric, name, value):
    averaged = fabric.all_reduce(value.detach(), reduce_op=ReduceOp.AVG)
    fabric.print(f"{name}: {averaged.item():.4f}")


def train(fabric):
    model = Net()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for step in range(2):
        loss = model(torch.randn(8, 4, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        log_mean(fabric, "loss", loss)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy="xla").launch(train)
