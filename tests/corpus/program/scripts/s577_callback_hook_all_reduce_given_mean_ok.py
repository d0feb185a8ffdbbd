# expect: none
# oracle: OK
# twin: s576_callback_hook_all_reduce_default_max
"""python train.py: a callback's `on_train_batch_end`, fired by `fabric.call(...)` with keywords, all-reduces the loss with `reduce_op="mean"` given at construction over the default `"max"`."""
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


def batch(fabric):
    return torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)


class PeakLossLogger:
    def __init__(self, reduce_op="max"):
        self.reduce_op = reduce_op
        self.history = []

    def on_train_batch_end(self, fabric, loss, step):
        self.history.append(fabric.all_reduce(loss.detach(), reduce_op=self.reduce_op).item())


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = batch(fabric)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric=fabric, loss=loss, step=step)


if __name__ == "__main__":
    logger = PeakLossLogger(reduce_op="mean")
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), callbacks=[logger])
    fabric.launch(train)
