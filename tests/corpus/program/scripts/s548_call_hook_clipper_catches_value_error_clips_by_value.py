# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python train.py: a callback fired by `fabric.call("on_before_optimizer_step", ...)` clips by value and falls back to the norm on `ValueError`, but XLA FSDP raises `NotImplementedError`."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        fabric.call("on_before_optimizer_step", fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


class GradientClipper:
    def __init__(self, value=1.0):
        self.value = value

    def on_before_optimizer_step(self, fabric, model, optimizer):
        try:
            fabric.clip_gradients(model, optimizer, clip_val=self.value)
        except ValueError:
            fabric.clip_gradients(model, optimizer, max_norm=self.value)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy, callbacks=[GradientClipper(0.5)])
    fabric.launch(train)
