# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""python train.py: the eval loss is reduced with the configured op, falling back to a mean when the strategy refuses it."""
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


EVAL = {"reduce": "max", "batches": 2}


def reduce_metric(fabric, value, op):
    try:
        return fabric.all_reduce(value, reduce_op=op)
    except RuntimeError:
        print(f"reduce op {op!r} unavailable, averaging instead")
        return fabric.all_reduce(value, reduce_op="mean")


def evaluate(fabric, model):
    losses = []
    with torch.no_grad():
        for _ in range(EVAL["batches"]):
            x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
            losses.append(F.cross_entropy(model(x), y))
    return reduce_metric(fabric, torch.stack(losses).mean(), EVAL["reduce"])


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), y))
    optimizer.step()
    optimizer.zero_grad()
    print("eval loss:", evaluate(fabric, model))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
