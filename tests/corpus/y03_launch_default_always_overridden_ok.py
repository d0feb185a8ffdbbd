# expect: none
# findings: none
"""`run(fabric, fn=None)` launches without a function only when fn is None; its one caller always passes one."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(torch.nn.Module):
    """A residual MLP block; the model stacks a few of them."""

    def __init__(self, dim=4):
        super().__init__()
        self.norm = torch.nn.LayerNorm(dim)
        self.fc = torch.nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def batches(fabric, steps=2, size=2):
    for _ in range(steps):
        yield torch.randn(size, 4, device=fabric.device)


def train(fabric):
    model = fabric.setup_module(torch.nn.Sequential(Block(), Block()))
    model(torch.randn(2, 4, device=fabric.device)).sum()


def run(fabric, fn=None):
    """Launch `fn` in the workers; with no function, launch the script itself (the DDP idiom)."""
    if fn is None:
        return fabric.launch()
    return fabric.launch(fn)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    run(fabric, train)
