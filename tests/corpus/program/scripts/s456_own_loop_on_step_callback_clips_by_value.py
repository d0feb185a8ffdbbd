# expect: LXF014
# oracle: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
"""python train.py: the script's own `fit(fabric, ..., on_step=...)` loop calls a callback after each backward."""
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


def clip(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, clip_val=0.5)


def fit(fabric, model, optimizer, steps, on_step=None):
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        if on_step is not None:
            on_step(fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    fit(fabric, model, optimizer, steps=2, on_step=clip)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
