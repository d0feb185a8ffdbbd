# expect: XLA002
# real: RAISED ValueError: Currently, the XLAStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# findings: XLA002 error 47
"""Early stopping across TPU cores: the longest patience counter decides. XLAStrategy's all_reduce only
sums or averages, so `reduce_op="max"` raises ValueError inside the launched function."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric

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


def train(fabric, epochs=3, patience=2):
    model = Net()
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    best, waited = float("inf"), 0
    for epoch in range(epochs):
        x = torch.randn(8, 4, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if loss.item() < best:
            best, waited = loss.item(), 0
        else:
            waited += 1
        worst_wait = fabric.all_reduce(torch.tensor(float(waited)), reduce_op="max")
        if worst_wait.item() >= patience:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla")
    fabric.launch(train)
