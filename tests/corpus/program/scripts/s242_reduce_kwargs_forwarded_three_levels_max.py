# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
"""python train.py: `log_epoch` forwards its `**kwargs` through two helpers down to `fabric.all_reduce`."""
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


def reduce_one(fabric, value, *args, **kwargs):
    return fabric.all_reduce(value, *args, **kwargs)


def reduce_metrics(fabric, metrics, *args, **kwargs):
    return {name: reduce_one(fabric, value, *args, **kwargs).item() for name, value in metrics.items()}


def log_epoch(fabric, epoch, metrics, **reduce_kwargs):
    reduced = reduce_metrics(fabric, metrics, **reduce_kwargs)
    fabric.print(f"epoch {epoch}: " + ", ".join(f"{k}={v:.4f}" for k, v in reduced.items()))


def train(fabric, epochs=1, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for epoch in range(epochs):
        worst = torch.zeros((), device=fabric.device)
        for _ in range(steps):
            x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            worst = torch.maximum(worst, loss.detach())
        log_epoch(fabric, epoch, {"worst_loss": worst}, reduce_op="max")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
