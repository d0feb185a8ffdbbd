# expect: XLA003
# real: RAISED RuntimeError: The `XLAStrategy` requires the model and optimizer(s) to be set up jointly through `.setup(model, optimizer, ...)`.
# findings: XLA003 error 36, XLA002 error 48
"""A training function written for XLAFSDP (module first, then the optimizers) moved to XLAStrategy,
which wants them set up together: `setup_optimizers` raises RuntimeError in the worker. Its early-stopping
`all_reduce(..., reduce_op="max")` would raise next."""
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
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
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
