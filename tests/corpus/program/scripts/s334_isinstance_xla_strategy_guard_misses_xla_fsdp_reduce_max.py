# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""python train.py: early stopping on the worst replica's validation loss, under any Lightning strategy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy, XLAStrategy
from torch import nn


class Net(nn.Module):
    def __init__(self, dim: int = 32, classes: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def worst_loss(fabric, loss):
    """The largest loss over the replicas: the XLA strategies have no max reduction, so gather there."""
    if isinstance(fabric.strategy, XLAStrategy):
        return fabric.all_gather(loss).max()
    return fabric.all_reduce(loss, reduce_op="max")


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(8, 32, device=fabric.device)
    y = torch.randint(0, 4, (8,), device=fabric.device)
    loss = F.cross_entropy(model(x), y)
    fabric.backward(loss)
    optimizer.step()
    with torch.no_grad():
        val = F.cross_entropy(model(x), y)
    if worst_loss(fabric, val.detach()) < 0.01:
        fabric.print("converged")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="32-true")
    fabric.launch(train)
