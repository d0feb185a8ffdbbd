# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""Hooks kept in a list run before each optimizer step: one clips the gradients."""
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


def clip(fabric, model, optimizer, threshold):
    fabric.clip_gradients(model, optimizer, clip_val=threshold)


def report(fabric, model, optimizer, threshold):
    fabric.print(f"lr {optimizer.param_groups[0]['lr']}, clip at {threshold}")


BEFORE_STEP = [clip, report]  # run in order before each optimizer step


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(2):
        x, y = batch(fabric)
        fabric.backward(F.cross_entropy(model(x), y))
        for hook in BEFORE_STEP:
            hook(fabric, model, optimizer, 0.5)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
